//! Per-file figures for BENCHMARKS.md: cases, time, states expanded, and
//! the public depth-first search on the same boards.
//!
//! ```text
//! cargo run --release -p gridpuzzle-curling --example measure -- bench/curling/open20.in
//! cargo run --release -p gridpuzzle-curling --example measure -- --max-throws none bench/curling/big200.in
//! cargo run --release -p gridpuzzle-curling --example measure -- --max-throws none bench/curling/corridor.in bench/curling/big150.in
//! cargo run --release -p gridpuzzle-curling --example measure -- --max-throws none bench/curling/big150-open.in bench/curling/far8.in
//! ```
//! The last column compares the answers with the file's `.out` (made under
//! the cap each file is for: 10 for the 20×20 files, none for the others).
//! Times are CPU-bound wall clock of one thread; run on a quiet machine and
//! compare ratios within one run.

use std::time::{Duration, Instant};

use gridpuzzle_curling::{solve, Datasets, Options};
use gridpuzzle_engine::search::{Limits, Outcome};

#[path = "../benches/reference.rs"]
mod reference;

fn main() {
    let mut opts = Options::default();
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--max-throws" {
            let v = args.next().expect("--max-throws N|none");
            opts.max_throws = if v == "none" {
                None
            } else {
                Some(v.parse().expect("a number"))
            };
        } else {
            files.push(a);
        }
    }
    println!(
        "| file | cases | solver total | median case | max case | expanded | public DFS | ratio | vs .out |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable file");
        let boards: Vec<_> = Datasets::new(text.as_bytes())
            .map(|b| b.expect("valid input"))
            .collect();
        // Repeat small files so the clock has something to measure.
        let reps = (2000 / boards.len().max(1)).clamp(1, 50);
        let reps = if opts.max_throws.is_none() { 1 } else { reps };
        let mut times = Vec::new();
        let mut expanded = 0;
        let mut answers = Vec::new();
        let started = Instant::now();
        for _ in 0..reps {
            times.clear();
            expanded = 0;
            answers.clear();
            for b in &boards {
                let t = Instant::now();
                let found = solve(b, &opts, &Limits::none());
                times.push(t.elapsed());
                expanded += found.stats.expanded;
                answers.push(match found.outcome {
                    Outcome::Solved(m) => m.len() as i32,
                    _ => -1,
                });
            }
        }
        let ours = started.elapsed() / reps as u32;
        // The .out files hold the answers under the cap each file is
        // made for (10 for the 20×20 files, none for the others).
        let out = match std::fs::read_to_string(file.replace(".in", ".out")) {
            Ok(known) => {
                let known: Vec<i32> = known
                    .lines()
                    .map(|l| l.trim().parse().unwrap_or(-2))
                    .collect();
                if known == answers {
                    "same"
                } else {
                    "DIFFERENT"
                }
            }
            Err(_) => "—",
        };
        times.sort();
        let (public, ratio) = if opts.max_throws == Some(10) {
            let started = Instant::now();
            for _ in 0..reps {
                let theirs: Vec<i32> = boards.iter().map(reference::dfs_reference).collect();
                assert_eq!(theirs, answers, "the comparator disagrees on {file}");
            }
            let public = started.elapsed() / reps as u32;
            (
                ms(public),
                format!("{:.1}×", public.as_secs_f64() / ours.as_secs_f64()),
            )
        } else {
            ("—".to_string(), "—".to_string())
        };
        println!(
            "| {file} | {} | {} | {} | {} | {expanded} | {public} | {ratio} | {out} |",
            boards.len(),
            ms(ours),
            ms(times[times.len() / 2]),
            ms(*times.last().unwrap_or(&Duration::ZERO)),
        );
    }
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}
