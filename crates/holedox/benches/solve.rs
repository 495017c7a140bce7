//! Solving the fixed instance files of `bench/holedox/` (each iteration
//! solves every case of a file, strict rule), A* against the plain
//! packed-state BFS:
//!
//! - `astar`: what the library does by default (A* with its bounds);
//! - `bfs`: the comparator, the plain packed-state breadth-first search
//!   with its dense bitset and head-alone precheck (the solver before A*);
//! - `bfs_full`: the same without the precheck (so `walled` is searched to
//!   exhaustion), on the files where that is affordable;
//! - `astar_plain`: A* without the upper-bound plan and completion check
//!   (the bound alone), to show what the shortcuts are worth.
//!
//! `big100` (100×100, L = 16) and `door` (100×100 and 200×200, L = 20–26,
//! the body threaded through a one-cell door) are run by A* only: BFS
//! cannot finish them.
//! `detour` (5,000 small lairs) is a judge-size file; reading it is timed
//! too (`detour/parse`).
//!
//! ```text
//! CARGO_TARGET_DIR=/work/target-holedox cargo bench -p gridpuzzle-holedox
//! ```

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use gridpuzzle_engine::search::Limits;
use gridpuzzle_holedox::{solve_with, Algorithm, Case, Cases, SolveOptions, TailRule};

fn load(name: &str) -> Vec<Case> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../bench/holedox")
        .join(format!("{name}.in"));
    let text = std::fs::read_to_string(&path).expect("bench input");
    Cases::from_reader(text.as_bytes())
        .collect::<Result<_, _>>()
        .expect("bench input parses")
}

fn bench_files(c: &mut Criterion) {
    let astar = SolveOptions::default();
    let astar_plain = SolveOptions {
        precheck: false,
        ..astar
    };
    let bfs = SolveOptions {
        algorithm: Algorithm::Bfs,
        ..astar
    };
    let bfs_full = SolveOptions {
        precheck: false,
        ..bfs
    };
    for file in [
        "walled",
        "serpentine",
        "random",
        "hard",
        "big100",
        "door",
        "detour",
    ] {
        let cases = load(file);
        let mut variants = vec![("astar", astar), ("astar_plain", astar_plain)];
        if file != "big100" && file != "door" {
            variants.push(("bfs", bfs));
        }
        if file == "walled" || file == "serpentine" {
            variants.push(("bfs_full", bfs_full));
        }
        let mut group = c.benchmark_group(file);
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(3));
        for (name, options) in &variants {
            group.bench_function(*name, |b| {
                b.iter(|| {
                    for case in &cases {
                        black_box(solve_with(
                            black_box(case),
                            TailRule::Strict,
                            &Limits::none(),
                            options,
                        ));
                    }
                })
            });
        }
        group.finish();
    }
}

/// Reading `detour.in` (5,000 small lairs): on a judge file of easy lairs
/// this is most of a run's work, beside the searches above.
fn parse(c: &mut Criterion) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../bench/holedox/detour.in");
    let text = std::fs::read_to_string(&path).expect("bench input");
    let mut group = c.benchmark_group("detour");
    group.sample_size(10);
    group.bench_function("parse", |b| {
        b.iter(|| Cases::from_reader(black_box(text.as_bytes())).count())
    });
    group.finish();
}

criterion_group!(benches, bench_files, parse);
criterion_main!(benches);
