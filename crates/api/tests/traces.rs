//! A trace costs one search (issue 41): the windows of one traced search
//! are served from one recorded run ([`Traces`]), report the same totals
//! whichever order and thread they come in, and answer the bytes a rerun
//! would (the golden files, replayed through a shelf).
//!
//! What a window costs is read from the shelf's own count of searches
//! ([`Traces::runs`]), not from a clock. The CPU figures of a page
//! session, with and without the shelf, are an ignored benchmark:
//!
//! ```sh
//! cargo test --release -p gridpuzzle-api --test traces -- --ignored --nocapture
//! ```

use std::sync::Arc;
use std::thread;

use gridpuzzle_api::{call, Bounds, Ctx, Traces};
use serde_json::{json, Value};

#[path = "../../cli/tests/common/golden_files.rs"]
mod golden_files;
#[path = "common/requests.rs"]
mod requests;

/// The Holedox sample: its first lair's `seed-bfs` trace has 392 events.
const SAMPLE: &str = "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n\n4 4 4\n2 3\n1 3\n1 4\n2 4\n4\n\n2 1\n2 2\n3 4\n4 2\n\n0 0 0\n";

fn ctx(traces: &Arc<Traces>) -> Ctx {
    Ctx {
        traces: Some(Arc::clone(traces)),
        ..Ctx::new(Bounds::default())
    }
}

fn window(input: &str, algorithm: &str, from: u64, count: u64) -> String {
    json!({"puzzle": "holedox", "input": input, "algorithm": algorithm, "from": from, "count": count})
        .to_string()
}

fn trace(body: &str, ctx: &Ctx) -> Value {
    let answer = call("trace", body.as_bytes(), ctx);
    assert_eq!(answer.status, 200, "{}", answer.body);
    serde_json::from_str(&answer.body).unwrap()
}

/// Everything but the window: what every window of one search must share.
fn totals(answer: &Value) -> Value {
    let mut v = answer.clone();
    let o = v.as_object_mut().unwrap();
    for key in ["from", "steps", "more"] {
        o.remove(key);
    }
    v
}

#[test]
fn three_windows_at_once_cost_one_search_and_agree() {
    let traces = Traces::new(64 << 20);
    let answers: Vec<Value> = thread::scope(|s| {
        let handles: Vec<_> = [1, 31, 61]
            .into_iter()
            .map(|from| {
                let ctx = ctx(&traces);
                s.spawn(move || trace(&window(SAMPLE, "seed-bfs", from, 30), &ctx))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for a in &answers[1..] {
        assert_eq!(totals(a), totals(&answers[0]));
    }
    assert_eq!(answers[0]["tally"]["events"], 392);
    for (a, from) in answers.iter().zip([1, 31, 61]) {
        assert_eq!(a["steps"][0]["n"], from);
        assert_eq!(a["steps"].as_array().unwrap().len(), 30);
    }
    // One run, or two when a later window was the one that ran first.
    let runs = traces.runs();
    assert!((1..=2).contains(&runs), "{runs} searches for three windows");
    // Every later window of the search, and one past its end, is served
    // from what was recorded.
    for from in [91, 121, 361, 391, 393, u64::MAX] {
        let a = trace(&window(SAMPLE, "seed-bfs", from, 30), &ctx(&traces));
        assert_eq!(totals(&a), totals(&answers[0]), "from {from}");
    }
    assert_eq!(traces.runs(), runs, "a recorded window ran a search");
    let end = trace(&window(SAMPLE, "seed-bfs", u64::MAX, 30), &ctx(&traces));
    assert_eq!(end["steps"], json!([]));
    assert_eq!(end["more"], false);
}

#[test]
fn windows_from_the_shelf_are_the_bytes_of_a_rerun() {
    let traces = Traces::new(64 << 20);
    for (from, count) in [(1, 50), (40, 100), (380, 30), (392, 5), (393, 5), (1, 5000)] {
        let body = window(SAMPLE, "astar", from, count);
        let fresh = call("trace", body.as_bytes(), &Ctx::new(Bounds::default()));
        let shelved = call("trace", body.as_bytes(), &ctx(&traces));
        let scrub = |b: &str| golden_files::zero_millis(b);
        assert_eq!(scrub(&shelved.body), scrub(&fresh.body), "from {from}");
    }
    assert_eq!(traces.runs(), 1);
    // The chart of searches already traced needs no search either.
    let chart = json!({"puzzle": "holedox", "input": SAMPLE, "algorithms": ["astar"]}).to_string();
    let fresh = call(
        "trace/chart",
        chart.as_bytes(),
        &Ctx::new(Bounds::default()),
    );
    let shelved = call("trace/chart", chart.as_bytes(), &ctx(&traces));
    assert_eq!(shelved, fresh);
    assert_eq!(traces.runs(), 1);
}

/// The golden answers of `/api/trace` and `/api/trace/chart`, each asked
/// twice through one shelf: the second comes from what the first
/// recorded, and both are the recorded bytes.
#[test]
fn the_golden_traces_hold_through_a_shelf() {
    let traces = Traces::new(64 << 20);
    let golden: Vec<_> = requests::golden_requests()
        .into_iter()
        .filter(|g| g.endpoint.starts_with("trace"))
        .collect();
    assert!(golden.len() >= 8, "{} golden traces", golden.len());
    let mut problems = Vec::new();
    for _ in 0..2 {
        for g in &golden {
            let answer = call(&g.endpoint, g.request.as_bytes(), &ctx(&traces));
            problems.extend(requests::mismatch(
                g,
                answer.status,
                answer.content_type,
                &answer.body,
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A lair of 4096² cells with a body of 20: the seed's table would be
/// 4^19 × 4096² codes. Refused before any work on the case: the exact
/// solve it would be judged against is not run either (`exact` is null).
#[test]
fn a_search_that_refuses_the_case_is_refused_before_any_search() {
    let mut text = String::from("4096 4096 20\n");
    for c in 1..=20 {
        text.push_str(&format!("1 {c}\n"));
    }
    text.push_str("0\n0 0 0\n");
    let traces = Traces::new(64 << 20);
    let a = trace(&window(&text, "seed-bfs", 1, 10), &ctx(&traces));
    let limit = a["limit"].as_str().unwrap();
    assert!(limit.contains("the seed's table"), "{limit}");
    assert_eq!(a["exact"], Value::Null);
    assert_eq!(a["tally"]["events"], 0);
    assert_eq!(a["steps"], json!([]));
}

/// A page session on a judge-size lair: twenty windows of 5,000 steps of
/// one search (`seed-bfs` on the first lair of `bench/holedox/hard.in`),
/// then one past the end; CPU time with the shelf and without it
/// (every window a rerun).
#[test]
#[ignore = "a benchmark: run on demand (see the module docs)"]
fn a_twenty_window_session_costs_one_search() {
    let hard = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../bench/holedox/hard.in"
    ))
    .unwrap();
    for shelf in [false, true] {
        // The server's share for traces at its default budget: an eighth.
        let traces = Traces::new(180 << 20 >> 3);
        let cpu = cpu_seconds();
        let mut events = 0;
        let make = || {
            if shelf {
                ctx(&traces)
            } else {
                Ctx::new(Bounds::default())
            }
        };
        for k in 0..20u64 {
            let a = trace(&window(&hard, "seed-bfs", 1 + k * 5000, 5000), &make());
            events = a["tally"]["events"].as_u64().unwrap();
        }
        let past = trace(&window(&hard, "seed-bfs", u64::MAX, 5000), &make());
        assert_eq!(past["tally"]["events"].as_u64().unwrap(), events);
        println!(
            "20 windows and one past the end of a {events}-event trace, {}: {:.2} s of CPU, {} searches",
            if shelf { "with the shelf" } else { "every window a rerun" },
            cpu_seconds() - cpu,
            if shelf { traces.runs() } else { 21 }
        );
    }
}

/// CPU time of this process, user and system, from `/proc/self/stat`.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let rest = &stat[stat.rfind(')').map_or(0, |i| i + 2)..];
    let ticks: Vec<f64> = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|f| f.parse().ok())
        .collect();
    ticks.iter().sum::<f64>() / 100.0
}
