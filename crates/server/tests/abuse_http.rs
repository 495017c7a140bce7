//! The router's own refusals of what issue 29 found: ambiguous framing,
//! JSON that costs far more than its size, and bodies and answers past the
//! memory budgets. Driven in process (`tower::ServiceExt::oneshot`), so
//! each takes milliseconds; the attacks on the real binary, with its
//! memory measured, are `crates/cli/tests/abuse_bounds.rs`.

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Request};
use axum::Router;
use gridpuzzle_server::{router, Config};
use tower::ServiceExt;

const CURLING_IN: &str = include_str!("../../../samples/curling.in");

fn app() -> Router {
    router(Config::default())
}

/// Status and body text of a POST with `headers` added; its
/// `Content-Length`, as a client sends, unless it is chunked.
async fn send(app: Router, path: &str, headers: &[(&str, &str)], body: String) -> (u16, String) {
    let mut request = Request::post(path).header(header::CONTENT_TYPE, "application/json");
    if !headers.iter().any(|(k, _)| *k == "transfer-encoding") {
        request = request.header(header::CONTENT_LENGTH, body.len());
    }
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let response = app
        .oneshot(request.body(Body::from(body)).unwrap())
        .await
        .unwrap();
    let status = response.status().as_u16();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

fn solve_body() -> String {
    serde_json::json!({"puzzle": "curling", "input": CURLING_IN}).to_string()
}

#[tokio::test]
async fn transfer_encoding_must_be_exactly_chunked() {
    for coding in [
        "gzip, chunked",
        "identity, chunked",
        "chunked, chunked",
        "chunked;x=1",
        "identity",
    ] {
        let (status, text) = send(
            app(),
            "/api/solve",
            &[("transfer-encoding", coding)],
            solve_body(),
        )
        .await;
        assert_eq!(status, 400, "{coding}: {text}");
        assert!(text.contains("exactly `chunked`"), "{coding}: {text}");
    }
    // Twice, each alone well formed, is a list too.
    let (status, _) = send(
        app(),
        "/api/solve",
        &[
            ("transfer-encoding", "chunked"),
            ("transfer-encoding", "chunked"),
        ],
        solve_body(),
    )
    .await;
    assert_eq!(status, 400);
    // Exactly `chunked` (any case) is read.
    let (status, text) = send(
        app(),
        "/api/solve",
        &[("transfer-encoding", "Chunked")],
        solve_body(),
    )
    .await;
    assert_eq!(status, 200, "{text}");
}

#[tokio::test]
async fn duplicate_keys_are_refused_at_any_depth() {
    for body in [
        r#"{"puzzle": "curling", "puzzle": "holedox", "input": ""}"#,
        r#"{"puzzle": "curling", "input": "", "options": {"max_states": 5, "max_states": 6}}"#,
        r#"{"puzzle": "curling", "input": "", "options": {"x": [{"a": 1, "a": 2}]}}"#,
        // The same key spelled with an escape is the same key.
        r#"{"puzzle": "curling", "input": "", "puzzl\u0065": "curling"}"#,
    ] {
        let (status, text) = send(app(), "/api/solve", &[], body.to_string()).await;
        assert_eq!(status, 400, "{body}: {text}");
        assert!(text.contains("duplicate key `"), "{body}: {text}");
    }
}

#[tokio::test]
async fn deep_or_object_heavy_json_is_refused_before_it_is_built() {
    let deep = format!(
        r#"{{"puzzle": "curling", "input": "", "options": {{"max_throws": {}0{}}}}}"#,
        "[".repeat(40),
        "]".repeat(40)
    );
    let (status, text) = send(app(), "/api/solve", &[], deep).await;
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("nested more than 32 deep"), "{text}");

    // The issue's megabyte of `{"":0}`, which parsed to some 80 MB.
    let objects = format!(
        r#"{{"puzzle": "curling", "input": "", "plans": [{}{{"":0}}]}}"#,
        r#"{"":0},"#.repeat(140_000)
    );
    assert!(objects.len() < 1 << 20);
    let (status, text) = send(app(), "/api/verify", &[], objects).await;
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("more than 1000 objects"), "{text}");

    let numbers = format!(
        r#"{{"puzzle": "curling", "input": "", "plans": [{}0]}}"#,
        "0,".repeat(400_000)
    );
    let (status, text) = send(app(), "/api/verify", &[], numbers).await;
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("more than 300000 values"), "{text}");

    // Malformed JSON keeps the words it always had.
    let (status, text) = send(app(), "/api/solve", &[], "{\"puzzle\": ".into()).await;
    assert_eq!(status, 400);
    assert!(text.contains("malformed JSON: EOF while parsing"), "{text}");
}

#[tokio::test]
async fn every_body_small_ones_too_is_charged_to_the_body_budget() {
    // A budget of 4,000 bytes, 1,000 for one client: a 600-byte body
    // fits, a 1,200-byte one never can, and waits its queue_wait for a
    // 503 rather than being read.
    let app = router(Config {
        body_memory: 4_000,
        queue_wait: Duration::from_millis(50),
        ..Config::default()
    });
    let small = solve_body();
    assert!(small.len() < 1_000, "{}", small.len());
    let (status, text) = send(app.clone(), "/api/solve", &[], small).await;
    assert_eq!(status, 200, "{text}");
    let padded = format!(
        r#"{{"puzzle": "curling", "input": "{}"}}"#,
        "2 1\n3 2\n".repeat(150) + "0 0\n"
    )
    .replace('\n', "\\n");
    assert!(padded.len() > 1_000);
    let (status, text) = send(app, "/api/solve", &[], padded).await;
    assert_eq!(status, 503, "{text}");
    assert!(text.contains("busy: request bodies hold"), "{text}");
}

#[tokio::test]
async fn an_answer_past_what_one_client_may_hold_is_refused() {
    // 400 boards of 100×100 from 9 KB of input: a 4 MB answer, past the
    // 1 MB one client may hold of a 2 MB answer budget.
    let input = "100 100 2\n1 1\n1 2\n0\n".repeat(400) + "0 0 0\n";
    let body = serde_json::json!({"puzzle": "holedox", "input": input}).to_string();
    let app = router(Config {
        answer_memory: 2 << 20,
        ..Config::default()
    });
    let (status, text) = send(app, "/api/cases", &[], body.clone()).await;
    assert_eq!(status, 503, "{}", &text[..text.len().min(300)]);
    assert!(text.contains("more than the 1048576 one client"), "{text}");
    // The same request under the default budget is answered.
    let (status, text) = send(router(Config::default()), "/api/cases", &[], body).await;
    assert_eq!(status, 200);
    assert!(text.len() > 4_000_000, "{}", text.len());
}
