//! Measurements, not tests: `#[ignore]`d, run by hand to print per-case
//! figures for the benchmark files (the criterion bench `benches/solve.rs`
//! gives the timed comparison). Nothing here asserts a time.
//!
//! ```text
//! cargo test --release -p gridpuzzle-holedox --test measure -- --ignored --nocapture
//! HOLEDOX_FILES=big100 HOLEDOX_ALGOS=astar cargo test --release \
//!     -p gridpuzzle-holedox --test measure -- --ignored --nocapture
//! ```

use std::path::PathBuf;
use std::time::Instant;

use gridpuzzle_engine::search::{Limits, Outcome};
use gridpuzzle_holedox::{solve_with, Algorithm, Case, Cases, SolveOptions, TailRule};

fn load(name: &str) -> Vec<Case> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../bench/holedox");
    let input = std::fs::read_to_string(dir.join(format!("{name}.in"))).unwrap();
    Cases::from_reader(input.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap()
}

fn list(var: &str, default: &str) -> Vec<String> {
    std::env::var(var)
        .unwrap_or_else(|_| default.to_string())
        .split(',')
        .map(str::to_string)
        .collect()
}

#[test]
#[ignore]
fn per_case_figures() {
    for file in list("HOLEDOX_FILES", "walled,serpentine,random,hard") {
        let cases = load(&file);
        for algo in list("HOLEDOX_ALGOS", "astar,bfs") {
            // `astar`, `astar_plain` (no upper bound or completion), `bfs`,
            // `bfs_full` (no precheck).
            let algorithm = match algo.as_str() {
                "bfs" | "bfs_full" => Algorithm::Bfs,
                _ => Algorithm::AStar,
            };
            let options = SolveOptions {
                algorithm,
                precheck: !algo.ends_with("_plain") && !algo.ends_with("_full"),
                ..SolveOptions::default()
            };
            let mut total = 0.0;
            let mut expanded = 0u64;
            let mut times = Vec::new();
            for (i, case) in cases.iter().enumerate() {
                let t = Instant::now();
                let s = solve_with(case, TailRule::Strict, &Limits::none(), &options);
                let secs = t.elapsed().as_secs_f64();
                let y = match &s.outcome {
                    Outcome::Solved(p) => p.len() as i64,
                    Outcome::Unsolvable => -1,
                    Outcome::Limit(hit) => panic!("{hit}"),
                };
                println!(
                    "{file} {algo} case {:>2}: answer {y:>4}  {:>9.3} ms  expanded {:>9}",
                    i + 1,
                    secs * 1e3,
                    s.stats.expanded
                );
                total += secs;
                expanded += s.stats.expanded;
                times.push(secs);
            }
            times.sort_by(f64::total_cmp);
            println!(
                "== {file} {algo}: {} cases, total {:.3} ms, expanded {expanded}, median {:.3} ms, max {:.3} ms",
                cases.len(),
                total * 1e3,
                times[times.len() / 2] * 1e3,
                times[times.len() - 1] * 1e3,
            );
        }
    }
}
