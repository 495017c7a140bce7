//! Measurements, not tests: `#[ignore]`d, run by hand to print per-case
//! figures for the benchmark files (the criterion bench `benches/solve.rs`
//! gives the timed comparison). Nothing here asserts a time.
//!
//! ```text
//! cargo test --release -p gridpuzzle-holedox --test measure -- --ignored --nocapture
//! HOLEDOX_FILES=big100,door HOLEDOX_ALGOS=astar cargo test --release \
//!     -p gridpuzzle-holedox --test measure -- --ignored --nocapture
//! ```
//!
//! (`big100` and `door` are for A* only: BFS cannot finish them.)

mod common;

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

/// The size × L table of BENCHMARKS.md: for each lair side and body
/// length, 11 seeded random lairs with 20 % stones (exit at (1,1), kept only
/// when the head alone can reach it), solved by the default A*; prints the
/// median and worst time and the most states expanded.
///
/// ```text
/// cargo test --release -p gridpuzzle-holedox --test measure scale -- --ignored --nocapture
/// ```
#[test]
#[ignore]
fn scale_table() {
    use common::{random_plain, to_case};
    use gridpuzzle_engine::rng::SplitMix64;
    use gridpuzzle_holedox::{lower_bound, solve};
    println!("| side | L | cases | median | max | most expanded | answers |");
    println!("|---|---|---|---|---|---|---|");
    for side in [20, 50, 100, 200] {
        for len in [8, 12, 16, 20] {
            let mut rng = SplitMix64::new(side as u64 * 1000 + len as u64);
            let mut times = Vec::new();
            let mut most = 0;
            let mut answers = Vec::new();
            while times.len() < 11 {
                let Some(mut p) = random_plain(&mut rng, side, side, len, 20) else {
                    continue;
                };
                p.exit = (0, 0);
                p.stone[0][0] = false;
                let case = to_case(&p);
                if lower_bound(&case, TailRule::Strict).is_none() {
                    continue;
                }
                let t = Instant::now();
                let s = solve(&case, TailRule::Strict, &Limits::none());
                times.push(t.elapsed().as_secs_f64());
                most = most.max(s.stats.expanded);
                answers.push(match s.outcome {
                    Outcome::Solved(p) => p.len() as i64,
                    Outcome::Unsolvable => -1,
                    Outcome::Limit(hit) => panic!("{hit}"),
                });
            }
            times.sort_by(f64::total_cmp);
            answers.sort();
            println!(
                "| {side}×{side} | {len} | {} | {:.3} ms | {:.3} ms | {most} | {}–{} |",
                times.len(),
                times[times.len() / 2] * 1e3,
                times[times.len() - 1] * 1e3,
                answers[0],
                answers[answers.len() - 1],
            );
        }
    }
}
