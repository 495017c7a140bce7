//! Solving the fixed instance files of `bench/holedox/` (each iteration
//! solves every case of a file, strict rule):
//!
//! - `solve`: what the library does by default (dense bitset, precheck);
//! - `dense_full`: the same search without the head-alone precheck, so
//!   `walled` is searched to exhaustion;
//! - `hash_full`: the comparator, a plain packed-state BFS with a hash set
//!   and no precheck.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use gridpuzzle_engine::search::Limits;
use gridpuzzle_holedox::{solve_with, Case, Cases, SolveOptions, StateStore, TailRule};

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
    let variants = [
        ("solve", SolveOptions::default()),
        (
            "dense_full",
            SolveOptions {
                store: StateStore::Auto,
                precheck: false,
            },
        ),
        (
            "hash_full",
            SolveOptions {
                store: StateStore::Hash,
                precheck: false,
            },
        ),
    ];
    for file in ["walled", "serpentine", "random"] {
        let cases = load(file);
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

criterion_group!(benches, bench_files);
criterion_main!(benches);
