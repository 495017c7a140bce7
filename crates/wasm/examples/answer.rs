//! `tests/answer.mjs` natively: the same requests (one JSON line each,
//! `{"endpoint": ..., "body": ...}`) answered by the same function the
//! module exports, compiled for this machine, with each call's time. So
//! the WebAssembly module's time on a request is compared with native
//! code doing exactly the same work (BENCHMARKS.md):
//!
//!   cargo run --release -p gridpuzzle-wasm --example answer < requests.jsonl

use std::io::{BufRead, Write};
use std::time::Instant;

use serde_json::{json, Value};

fn main() {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("a line of stdin");
        if line.trim().is_empty() {
            continue;
        }
        let request: Value = serde_json::from_str(&line).expect("a request as JSON");
        let endpoint = request["endpoint"].as_str().unwrap_or_default();
        let body = request["body"].as_str().unwrap_or_default();
        let input = format!("{endpoint}\n{body}");
        let started = Instant::now();
        let answer = gridpuzzle_wasm::answer(input.as_bytes());
        let millis = started.elapsed().as_secs_f64() * 1000.0;
        let record = json!({
            "status": answer.status,
            "type": answer.content_type,
            "body": answer.body,
            "millis": millis,
        });
        writeln!(out, "{record}").expect("stdout");
    }
}
