//! The endpoints that let the page name no puzzle, driven through the
//! router without a socket: `GET /api/puzzles` (with each puzzle's editor
//! and the palette),
//! `POST /api/board` (a draft's judge text and game ID, and an old link's
//! board), and the whole positions `/api/play` answers on request.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use gridpuzzle_server::{router, Config};
use serde_json::{json, Value};
use tower::ServiceExt;

const CURLING_IN: &str = include_str!("../../../samples/curling.in");
const HOLEDOX_IN: &str = include_str!("../../../samples/holedox.in");

fn app() -> Router {
    router(Config {
        searches: 2,
        ..Config::default()
    })
}

/// The status, content type and body of a request.
async fn send(request: Request<Body>) -> (StatusCode, String, String) {
    let response = app().oneshot(request).await.unwrap();
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

async fn get(path: &str) -> (StatusCode, String, String) {
    send(Request::get(path).body(Body::empty()).unwrap()).await
}

async fn post_text(path: &str, body: &Value) -> (StatusCode, String) {
    let request = Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let (status, kind, text) = send(request).await;
    assert_eq!(kind, "application/json", "{text}");
    (status, text)
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    let (status, text) = post_text(path, &body).await;
    (status, serde_json::from_str(&text).unwrap())
}

async fn ok(path: &str, body: Value) -> Value {
    let (status, answer) = post(path, body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer
}

/// The options a request may name, as an unknown one's error lists them:
/// every puzzle's settings in the registry's order, each once, then the
/// budgets.
fn known_options() -> String {
    let mut keys: Vec<String> = Vec::new();
    for e in gridpuzzle_registry::entries() {
        for s in e.settings {
            let key = s.key.replace('-', "_");
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
    }
    keys.extend(["max_states".to_string(), "timeout_ms".to_string()]);
    keys.join(", ")
}

/// Positions without their `view`s (each must have one).
fn without_views(positions: &Value) -> Value {
    let mut positions = positions.clone();
    for p in positions.as_array_mut().unwrap() {
        let view = p.as_object_mut().unwrap().remove("view");
        assert!(view.is_some_and(|v| v["ground"].is_string()), "{p}");
    }
    positions
}

async fn error(path: &str, body: Value) -> String {
    let (status, answer) = post(path, body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    answer["error"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn puzzles_lists_what_the_page_offers() {
    let (status, kind, text) = get("/api/puzzles").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "application/json");
    let answer: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(answer["max_side"], 100);
    assert_eq!(answer["max_moves"], 100_000);
    let puzzles = answer["puzzles"].as_array().unwrap();
    let names: Vec<&str> = puzzles
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    // The puzzles with a page, in the registry's order.
    let listed: Vec<&str> = gridpuzzle_registry::entries()
        .into_iter()
        .filter(|e| e.page.is_some())
        .map(|e| e.name)
        .collect();
    assert_eq!(names, listed);

    let curling = &puzzles[0];
    assert_eq!(curling["title"], "Curling 2.0");
    assert_eq!(
        (curling["move"].as_str(), curling["moves"].as_str()),
        (Some("throw"), Some("throws"))
    );
    assert_eq!(curling["move_set"][0], json!({"letter": "U", "word": "up"}));
    assert_eq!(curling["settings"][0]["key"], "max_throws");
    assert_eq!(curling["settings"][0]["default"], "10");
    assert_eq!(curling["settings"][0]["on_board"], false);
    assert_eq!(curling["samples"], CURLING_IN);
    assert_eq!(
        curling["board"]["rows"][0], "#..S#.",
        "the statement's dataset 2"
    );
    assert_eq!(curling["density"], "blocks");
    assert_eq!(curling["params"], json!([]));
    assert_eq!(curling["editor"]["tool"], "block");
    assert_eq!(
        curling["editor"]["tools"][2],
        json!({"id": "start", "label": "Start", "help": "Click to place the stone's start.",
               "edit": "place", "what": "S"})
    );
    assert_eq!(
        (curling["piece"].as_str(), curling["goal"].as_str()),
        (Some("stone"), Some("goal"))
    );
    // The page's "How to play" comes from the puzzle crate: the rules the
    // solver follows, in words (the statement's breaking blocks and cap).
    let rules = curling["rules"].as_str().unwrap();
    assert!(rules.contains("breaks") && rules.contains("10"), "{rules}");
    // A first visit reads the goal in one line, and the key to the board
    // names each role the puzzle's boards show, by a role the page draws.
    for p in &puzzles[..2] {
        let aim = p["aim"].as_str().unwrap();
        assert!(!aim.is_empty() && !aim.contains('\n'), "{aim}");
        let roles: Vec<&str> = p["legend"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                assert!(!e["label"].as_str().unwrap().is_empty(), "{e}");
                e["role"].as_str().unwrap()
            })
            .collect();
        for role in &roles {
            assert!(
                gridpuzzle_engine::view::Role::named(role).is_some(),
                "{role}"
            );
        }
        for wanted in ["floor", "wall", "goal", "piece"] {
            assert!(roles.contains(&wanted), "{wanted} in {roles:?}");
        }
    }
    assert!(curling["aim"].as_str().unwrap().contains("throws"));

    let holedox = &puzzles[1];
    assert_eq!(holedox["moves"], "steps");
    let rules = holedox["rules"].as_str().unwrap();
    assert!(
        rules.contains("tail included") && rules.contains("exit"),
        "{rules}"
    );
    let settings: Vec<(&str, bool)> = holedox["settings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["key"].as_str().unwrap(), s["on_board"].as_bool().unwrap()))
        .collect();
    assert_eq!(settings, [("exit", true), ("tail_rule", false)]);
    assert_eq!(
        holedox["settings"][1]["choices"],
        json!(["strict", "lenient"])
    );
    assert_eq!(holedox["params"][0]["key"], "len");
    assert_eq!(
        holedox["params"][0]["start"], "4",
        "a fresh puzzle's length"
    );
    assert_eq!(holedox["editor"]["chains"][0]["field"], "body");
    assert_eq!(holedox["editor"]["spots"][0]["field"], "exit");
    assert_eq!(
        holedox["board"]["body"],
        json!([[3, 0], [3, 1], [2, 1], [2, 0]])
    );
}

/// The page draws every puzzle with the same code: each offered puzzle's
/// editor is whole (its tools paint and place characters of its cells,
/// put its spots and draw its chains, and its first tool is one of
/// them), the palette names every role in both themes, and no puzzle has
/// a drawing module of its own any more.
#[tokio::test]
async fn each_offered_puzzle_has_a_whole_editor_and_no_script() {
    let (_, _, text) = get("/api/puzzles").await;
    let answer: Value = serde_json::from_str(&text).unwrap();
    let palette = answer["palette"].as_str().unwrap();
    for role in gridpuzzle_engine::view::Role::ALL {
        assert_eq!(
            palette.matches(&format!("--{}-fill:", role.name())).count(),
            2,
            "{palette}"
        );
    }
    let puzzles = answer["puzzles"].as_array().unwrap();
    assert!(!puzzles.is_empty());
    for p in puzzles {
        let name = p["name"].as_str().unwrap();
        let editor = &p["editor"];
        let list = |key: &str, field: &str| -> Vec<String> {
            editor[key]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x[field].as_str().unwrap().to_string())
                .collect()
        };
        let cells = list("cells", "ch");
        let (spots, chains) = (list("spots", "field"), list("chains", "field"));
        assert!(!cells.is_empty(), "{name}");
        let tools = editor["tools"].as_array().unwrap();
        for t in tools {
            let what = t["what"].as_str().unwrap().to_string();
            let known = match t["edit"].as_str().unwrap() {
                "paint" | "place" => cells.contains(&what),
                "spot" => spots.contains(&what),
                "chain" => chains.contains(&what),
                other => panic!("{name}: unknown edit {other}"),
            };
            assert!(known, "{name}: tool {t}");
        }
        assert!(
            tools.iter().any(|t| t["id"] == editor["tool"]),
            "{name}: the first tool is a tool"
        );
        // The sample board the page opens first holds only known cells.
        for row in p["board"]["rows"].as_array().unwrap() {
            for ch in row.as_str().unwrap().chars() {
                assert!(cells.contains(&ch.to_string()), "{name}: {ch}");
            }
        }
        let (status, _, _) = get(&format!("/puzzles/{name}.js")).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{name}");
    }
}

/// The statement's dataset 2 of Curling as the page's editor holds it.
fn curling_draft() -> Value {
    json!({"width": 6, "height": 6, "rows": ["#..S#.", "##....", ".....G", "......", "#....#", ".#####"]})
}

#[tokio::test]
async fn board_gives_a_drafts_judge_text_id_and_options() {
    let answer = ok(
        "/api/board",
        json!({"puzzle": "curling", "board": curling_draft()}),
    )
    .await;
    assert_eq!(answer["id"], "curling/6x6/QkUAADAAQBFV");
    assert_eq!(
        answer["input"],
        "6 6\n1 0 0 2 1 0\n1 1 0 0 0 0\n0 0 0 0 0 3\n0 0 0 0 0 0\n1 0 0 0 0 1\n0 1 1 1 1 1\n0 0\n"
    );
    assert_eq!(
        answer["options"],
        json!({"max_throws": "10", "adjacent_block": "refuse"})
    );
    assert_eq!(answer["lacks"], Value::Null);

    let answer = ok(
        "/api/board",
        json!({"puzzle": "curling", "board": curling_draft(), "options": {"max_throws": 12}}),
    )
    .await;
    assert_eq!(answer["id"], "curling/6x6/QkUAADAAQBFV/cap=12");

    // Half drawn: no goal yet. The text is written all the same.
    let half = json!({"width": 2, "height": 1, "rows": ["S."]});
    let answer = ok("/api/board", json!({"puzzle": "curling", "board": half})).await;
    assert_eq!(answer["input"], "2 1\n2 0\n0 0\n");
    assert_eq!(answer["lacks"], "Place the goal first (the Goal tool).");

    // Holedox: the exit is the board's, and comes back as an option.
    let lair = json!({"width": 3, "height": 2, "rows": ["#.#", "..."], "body": [], "exit": [1, 2]});
    let answer = ok(
        "/api/board",
        json!({"puzzle": "holedox", "board": lair, "options": {"tail_rule": "lenient"}}),
    )
    .await;
    assert_eq!(answer["id"], "holedox/3x2/o//exit=2,3/rule=lenient");
    assert_eq!(answer["input"], "2 3 0\n2\n1 1\n1 3\n0 0 0\n");
    assert_eq!(
        answer["options"],
        json!({"exit": "2,3", "tail_rule": "lenient"})
    );
    assert!(answer["lacks"]
        .as_str()
        .unwrap()
        .starts_with("Draw the snake first"));
}

#[tokio::test]
async fn an_old_link_opens_the_same_board_as_the_judge_input() {
    // The first Holedox sample's link, as the page wrote it before the
    // codec moved to Rust: its board is the one /api/cases reads from the
    // sample, and its text is the sample case.
    let opened = ok("/api/board", json!({"id": "holedox/6x5/AIMAA/3.0.RUL"})).await;
    let cases = ok(
        "/api/cases",
        json!({"puzzle": "holedox", "input": HOLEDOX_IN}),
    )
    .await;
    let mut record = cases["cases"][0].clone();
    record.as_object_mut().unwrap().remove("case");
    assert_eq!(opened["puzzle"], "holedox");
    assert_eq!(opened["board"], record);
    assert_eq!(opened["id"], "holedox/6x5/AIMAA/3.0.RUL");
    assert_eq!(
        opened["input"],
        "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n0 0 0\n"
    );
    assert_eq!(
        opened["options"],
        json!({"exit": "1,1", "tail_rule": "strict"})
    );

    // Curling's dataset 2 with a cap: the board and the cap come back, and
    // the text solves to the statement's answer under it.
    let opened = ok(
        "/api/board",
        json!({"id": "curling/6x6/QkUAADAAQBFV/cap=none"}),
    )
    .await;
    assert_eq!(opened["board"], curling_draft());
    assert_eq!(
        opened["options"],
        json!({"max_throws": "none", "adjacent_block": "refuse"})
    );
    let solved = ok(
        "/api/solve",
        json!({"puzzle": "curling", "input": opened["input"], "options": opened["options"]}),
    )
    .await;
    assert_eq!(solved["results"][0]["answer"], 4);
}

/// The options are read as every endpoint reads them (the words are
/// `/api/solve`'s for the same options).
#[tokio::test]
async fn board_errors_say_why() {
    for (body, expected) in [
        (json!({"id": "chess/1x1/A"}), "unknown puzzle `chess`"),
        (
            json!({"id": "curling/3"}),
            "expected a size WxH after the puzzle",
        ),
        (
            json!({"id": "holedox/6x5/AIMAA/3.0.RUL/exit=9,9"}),
            "the exit 9,9 is not on a board of 5 rows and 6 columns",
        ),
        (json!({"id": 7}), "`id` must be a string (a game ID)"),
        (
            json!({"id": "curling/1x1/A", "puzzle": "curling"}),
            "give either `id` alone or `puzzle` and `board`",
        ),
        (
            json!({"puzzle": "chess", "board": {}}),
            &format!(
                "unknown puzzle `chess`: expected {}",
                gridpuzzle_registry::names_quoted()
            ),
        ),
        (
            json!({"board": {}}),
            "missing field `puzzle` (or give `id` to read a game ID)",
        ),
        (
            json!({"puzzle": "curling"}),
            "missing field `board` (the board to describe)",
        ),
        (
            json!({"puzzle": "curling", "board": {}, "extra": 1}),
            "unknown field `extra`",
        ),
        (
            json!({"puzzle": "curling", "board": curling_draft(), "options": {"tail_rule": "strict"}}),
            "option `tail_rule` is for holedox only",
        ),
        (
            json!({"puzzle": "curling", "board": curling_draft(), "options": {"max_throws": "x"}}),
            "expected a number of throws or `none`, found `x`",
        ),
        (
            json!({"puzzle": "curling", "board": curling_draft(), "options": {"max_throws": true}}),
            "expected a number of throws or `none`, found `true`",
        ),
        (
            json!({"puzzle": "curling", "board": curling_draft(), "options": {"speed": 1}}),
            &format!("unknown option `speed` (known: {})", known_options()),
        ),
        (
            json!({"puzzle": "curling", "board": {"width": 1, "height": 1, "rows": ["x"]}}),
            "row 1, column 1 of the board: expected one of `.#SG`, found `x`",
        ),
        (
            json!({"puzzle": "holedox", "board": {"width": 2, "height": 1, "rows": [".."], "body": [[0, 0], [0, 0]]}}),
            "segment 2 of the snake is not next to the one before it",
        ),
    ] {
        assert_eq!(error("/api/board", body.clone()).await, expected, "{body}");
    }
}

#[tokio::test]
async fn play_answers_the_positions_asked_for() {
    let answer = ok(
        "/api/play",
        json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DR", "positions": [0, 2]}),
    )
    .await;
    assert_eq!(
        without_views(&answer["positions"]),
        json!([
            {"body": [[3, 0], [3, 1], [2, 1], [2, 0]]},
            {"body": [[4, 0], [3, 0], [3, 1], [2, 1]]},
            {"body": [[4, 1], [4, 0], [3, 0], [3, 1]]},
        ])
    );
    // Each with the view the page draws: the snake as a piece, head first.
    let view = &answer["positions"][1]["view"];
    assert_eq!(
        (view["width"].as_u64(), view["height"].as_u64()),
        (Some(6), Some(5))
    );
    let piece: Vec<Value> = view["pieces"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| json!([c[0], c[1]]))
        .collect();
    assert_eq!(
        piece,
        [json!([4, 0]), json!([3, 0]), json!([3, 1]), json!([2, 1])]
    );
    assert_eq!(
        view["marks"][view["pieces"][0][0][2].as_u64().unwrap() as usize]["role"],
        "piece"
    );
    // The other fields are as before; without `positions`, the answer is.
    assert_eq!(answer["steps"], json!([{"head": [4, 0]}, {"head": [4, 1]}]));
    let plain = json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DR"});
    let (_, before) = post_text("/api/play", &plain).await;
    let mut with = plain.clone();
    with["positions"] = Value::Null;
    assert_eq!(post_text("/api/play", &with).await.1, before);
    assert!(!before.contains("positions"));

    // Only moves that were played: a refused third move ends the window.
    let answer = ok(
        "/api/play",
        json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DRL", "positions": [2, 9]}),
    )
    .await;
    assert_eq!(answer["refused"]["move"], 3);
    assert_eq!(
        without_views(&answer["positions"]),
        json!([{"body": [[4, 1], [4, 0], [3, 0], [3, 1]]}])
    );

    // Curling: the stone and every block broken so far, under the options.
    let answer = ok(
        "/api/play",
        json!({"puzzle": "curling", "input": "5 4\n2 0 0 0 0\n0 1 1 0 0\n0 0 0 0 3\n1 0 0 0 0\n0 0\n",
               "moves": "DR", "positions": [1, 2], "options": {"max_throws": 2, "max_states": 10}}),
    )
    .await;
    assert_eq!(
        without_views(&answer["positions"]),
        json!([{"stone": [2, 0], "broken": [[3, 0]]}, {"stone": [2, 4], "broken": [[3, 0]]}])
    );
    // The view after the first throw shows the block it broke as broken.
    let view = &answer["positions"][0]["view"];
    let broken = view["marks"]
        .as_array()
        .unwrap()
        .iter()
        .position(|m| m["role"] == "broken")
        .unwrap();
    let ground = view["ground"].as_str().unwrap();
    assert_eq!(
        ground.chars().nth(3 * 5).unwrap().to_digit(36),
        Some(broken as u32)
    );

    for bad in [json!([2, 1]), json!(5), json!([0])] {
        let e = error(
            "/api/play",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "positions": bad}),
        )
        .await;
        assert!(e.starts_with("`positions` must be [FROM, TO]"), "{e}");
    }
}

#[tokio::test]
async fn positions_of_a_long_replay_are_bounded() {
    // Every throw right breaks one more block: whole positions grow with
    // the moves, so a window of all of them would be moves × board.
    let n = 20_000;
    let mut row = vec!["2", "0"];
    row.extend(std::iter::repeat_n("1", n));
    row.push("3");
    let input = format!("{} 1\n{}\n0 0\n", row.len(), row.join(" "));
    let ask = |from: usize, to: usize| {
        json!({"puzzle": "curling", "input": input, "moves": "R".repeat(n + 1),
               "options": {"max_throws": "none"}, "positions": [from, to]})
    };
    let (status, text) = post_text("/api/play", &ask(0, n + 1)).await;
    assert_eq!(status, StatusCode::OK);
    let answer: Value = serde_json::from_str(&text).unwrap();
    let positions = answer["positions"].as_array().unwrap();
    // Each position carries its view (a character a cell), so the byte
    // bound, not the count, ends this window.
    assert!(
        positions.len() > 10 && positions.len() < 1000,
        "{}",
        positions.len()
    );
    let bytes: usize = positions.iter().map(|p| p.to_string().len()).sum();
    assert!(bytes <= 1 << 20, "{bytes} bytes of positions");
    assert_eq!(positions[5]["broken"].as_array().unwrap().len(), 5);

    // The last positions, asked for by their window.
    let answer = ok("/api/play", ask(n - 1, n + 1)).await;
    let positions = answer["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 3);
    assert_eq!(positions[2]["stone"], json!([0, n + 2]));
    assert_eq!(positions[2]["broken"].as_array().unwrap().len(), n);
}

/// The levels the page lists are what they say: every case of each set is
/// listed, with the optimum the solver finds under the default settings
/// and the game ID the page's `/api/board` gives it once opened (by which
/// the page marks a level won).
#[tokio::test]
async fn levels_hold_their_answers_and_ids() {
    let (_, _, text) = get("/api/puzzles").await;
    let answer: Value = serde_json::from_str(&text).unwrap();
    for p in answer["puzzles"].as_array().unwrap() {
        let puzzle = p["name"].as_str().unwrap();
        let sets = p["levels"].as_array().unwrap();
        let names: Vec<&str> = sets.iter().map(|s| s["name"].as_str().unwrap()).collect();
        assert_eq!(names[0], "Samples", "{puzzle}: the statement's set first");
        assert_eq!(
            sets[0]["input"], p["samples"],
            "{puzzle}: the samples are the statement's"
        );
        for set in sets {
            let input = set["input"].as_str().unwrap();
            let levels = set["levels"].as_array().unwrap();
            let cases = ok("/api/cases", json!({"puzzle": puzzle, "input": input})).await;
            assert_eq!(cases["error"], Value::Null, "{puzzle}");
            let cases = cases["cases"].as_array().unwrap();
            assert_eq!(
                levels.len(),
                cases.len(),
                "{puzzle} {}: every case is a level",
                set["name"]
            );
            assert!(!levels.is_empty());
            let solved = ok("/api/solve", json!({"puzzle": puzzle, "input": input})).await;
            for (i, level) in levels.iter().enumerate() {
                let case = &cases[i];
                assert_eq!(level["case"], json!(i + 1));
                assert_eq!(level["width"], case["width"]);
                assert_eq!(level["height"], case["height"]);
                let result = &solved["results"][i];
                assert_eq!(
                    level["answer"],
                    result["answer"],
                    "{puzzle} {} case {}",
                    set["name"],
                    i + 1
                );
                let board = ok("/api/board", json!({"puzzle": puzzle, "board": case})).await;
                assert_eq!(
                    level["id"],
                    board["id"],
                    "{puzzle} {} case {}",
                    set["name"],
                    i + 1
                );
            }
        }
    }
    // The hardest boards are hard: the longest optimum of each puzzle's set.
    let hardest = |name: &str| -> i64 {
        let p = answer["puzzles"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap();
        p["levels"][1]["levels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["answer"].as_i64().unwrap())
            .max()
            .unwrap()
    };
    assert_eq!(hardest("curling"), 10);
    assert_eq!(hardest("holedox"), 133);
}

/// Each "New board" difficulty the page offers makes a board in the range
/// it names, quickly (the page waits for it): a few seeds each.
#[tokio::test]
async fn difficulties_generate_quickly() {
    let (_, _, text) = get("/api/puzzles").await;
    let answer: Value = serde_json::from_str(&text).unwrap();
    for p in answer["puzzles"].as_array().unwrap() {
        let puzzle = p["name"].as_str().unwrap();
        let names: Vec<&str> = p["difficulties"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["Easy", "Medium", "Hard"], "{puzzle}");
        for d in p["difficulties"].as_array().unwrap() {
            let range = d["answer"].as_str().unwrap();
            let (low, high) = range.split_once("..").unwrap();
            let (low, high): (i64, i64) = (low.parse().unwrap(), high.parse().unwrap());
            let mut slowest = 0u128;
            let mut got = vec![];
            for seed in 1..=8 {
                let mut body = json!({"puzzle": puzzle, "size": d["size"], "answer": range, "count": 1, "seed": seed});
                for (k, v) in d["params"].as_object().unwrap() {
                    body[k] = json!(v.as_str().unwrap().parse::<u64>().unwrap());
                }
                let started = std::time::Instant::now();
                let made = ok("/api/generate", body).await;
                slowest = slowest.max(started.elapsed().as_micros());
                let n = made["cases"][0]["answer"].as_i64().unwrap();
                got.push(n);
                assert!((low..=high).contains(&n), "{puzzle} {}: {n}", d["name"]);
            }
            eprintln!(
                "{puzzle} {} ({range}): {got:?}, slowest of 8 seeds {slowest} µs",
                d["name"]
            );
            assert!(slowest < 3_000_000, "{puzzle} {}: {slowest} µs", d["name"]);
        }
    }
}
