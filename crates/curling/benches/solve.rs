//! Curling solver benchmarks on the fixed files in `bench/curling/`.
//!
//! `cargo bench -p gridpuzzle-curling` — compares the real solver with the
//! unpruned depth-first search that the public solutions use (kept here as
//! the comparator), on a contest-like file and on boards whose capped space
//! must be searched whole; then the uncapped files (`--max-throws none`),
//! which no public program runs: the one-row corridor, 200×200 boards and
//! 100–150-side boards, the last two files of them dense with start and
//! goal far apart (they take 10–30 s per sample: `cargo bench -p
//! gridpuzzle-curling -- uncapped/corridor` picks one).
//! And the judge-size `states20.in`, read and solved (whole-process
//! figures against the public programs are in BENCHMARKS.md, from
//! `examples/peer_dfs.rs`).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use gridpuzzle_curling::{solve, Algorithm, Board, Datasets, Options};
use gridpuzzle_engine::search::Limits;

#[path = "reference.rs"]
mod reference;
use reference::dfs_reference;

fn load(name: &str) -> Vec<Board> {
    let path = format!("{}/../../bench/curling/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("bench file");
    Datasets::new(text.as_bytes())
        .map(|b| b.expect("valid bench file"))
        .collect()
}

/// The committed answers of a bench file (`name.out`).
fn expected(name: &str) -> Vec<i32> {
    let path = format!(
        "{}/../../bench/curling/{}",
        env!("CARGO_MANIFEST_DIR"),
        name.replace(".in", ".out")
    );
    std::fs::read_to_string(&path)
        .expect("answer file")
        .lines()
        .map(|l| l.trim().parse().expect("an answer"))
        .collect()
}

fn answers(boards: &[Board], opts: &Options) -> Vec<i32> {
    boards
        .iter()
        .map(|b| match solve(b, opts, &Limits::none()).outcome.moves() {
            Some(m) => m.len() as i32,
            None => -1,
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    for file in ["open20.in", "contest20.in"] {
        let boards = load(file);
        let ida = Options::default();
        let bfs = Options {
            algorithm: Algorithm::Bfs,
            ..Options::default()
        };
        let iddfs = Options {
            algorithm: Algorithm::Iddfs,
            ..Options::default()
        };
        // The comparator must agree before it is timed.
        let reference: Vec<i32> = boards.iter().map(dfs_reference).collect();
        assert_eq!(answers(&boards, &ida), reference, "{file}");
        assert_eq!(answers(&boards, &bfs), reference, "{file}");
        let mut g = c.benchmark_group(file.trim_end_matches(".in"));
        g.sample_size(10);
        g.bench_function("idastar", |b| b.iter(|| answers(black_box(&boards), &ida)));
        g.bench_function("bfs", |b| b.iter(|| answers(black_box(&boards), &bfs)));
        g.bench_function("iddfs", |b| b.iter(|| answers(black_box(&boards), &iddfs)));
        g.bench_function("public_dfs", |b| {
            b.iter(|| {
                black_box(&boards)
                    .iter()
                    .map(dfs_reference)
                    .collect::<Vec<_>>()
            })
        });
        g.finish();
    }
    // No cap: the pass-counting bounds and the transposition table.
    let uncapped = Options {
        max_throws: None,
        ..Options::default()
    };
    let mut g = c.benchmark_group("uncapped");
    g.sample_size(10);
    for file in [
        "corridor.in",
        "big200.in",
        "big150.in",
        "big150-open.in",
        "far8.in",
    ] {
        let boards = load(file);
        assert_eq!(answers(&boards, &uncapped), expected(file), "{file}");
        g.bench_function(file.trim_end_matches(".in"), |b| {
            b.iter(|| answers(black_box(&boards), &uncapped))
        });
    }
    g.finish();
}

/// `states20.in`, the judge-size file (1,000 heavy boards): reading it
/// (parsing and `Board::new`), and reading plus solving as a judge run
/// does, against the public search on the same boards.
fn judge_file(c: &mut Criterion) {
    let path = format!(
        "{}/../../bench/curling/states20.in",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("bench file");
    let boards = load("states20.in");
    let ida = Options::default();
    let reference: Vec<i32> = boards.iter().map(dfs_reference).collect();
    assert_eq!(answers(&boards, &ida), reference, "states20.in");
    let mut g = c.benchmark_group("states20");
    g.sample_size(10);
    g.bench_function("parse", |b| {
        b.iter(|| Datasets::new(black_box(text.as_bytes())).count())
    });
    g.bench_function("parse_and_idastar", |b| {
        b.iter(|| {
            Datasets::new(black_box(text.as_bytes()))
                .map(|board| {
                    solve(&board.expect("valid"), &ida, &Limits::none())
                        .stats
                        .expanded
                })
                .sum::<u64>()
        })
    });
    g.bench_function("public_dfs", |b| {
        b.iter(|| {
            black_box(&boards)
                .iter()
                .map(dfs_reference)
                .collect::<Vec<_>>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench, judge_file);
criterion_main!(benches);
