//! The real solver against a deliberately naive one on seeded random boards.
//!
//! The naive solver shares no code with the crate: its own board (`Vec` of
//! rows), its own slide, and a plain breadth-first search over
//! (position, set of broken blocks) with a `BTreeSet`. If the two ever
//! disagree, one of them misreads the rules.

use gridpuzzle_curling::rules::replay;
use gridpuzzle_curling::{solve, Algorithm, Board, Cell, Options};
use gridpuzzle_engine::rng::SplitMix64;
use gridpuzzle_engine::search::{Limits, Outcome};
use gridpuzzle_engine::Grid;

mod common;

use common::naive;

fn random_board(rng: &mut SplitMix64) -> (Vec<Vec<u8>>, u32) {
    // Mostly small boards, where corner cases live; some up to 20×20.
    let big = rng.chance(15);
    let max = if big { 20 } else { 7 };
    loop {
        let w = rng.range(1, max) as usize;
        let h = rng.range(1, max) as usize;
        if w * h < 2 {
            continue;
        }
        let density = rng.range(0, 60) as u32;
        let mut rows: Vec<Vec<u8>> = (0..h)
            .map(|_| (0..w).map(|_| rng.chance(density) as u8).collect())
            .collect();
        let s = rng.below((w * h) as u64) as usize;
        let mut g = rng.below((w * h) as u64) as usize;
        while g == s {
            g = rng.below((w * h) as u64) as usize;
        }
        rows[s / w][s % w] = 2;
        rows[g / w][g % w] = 3;
        return (rows, density);
    }
}

fn board_of(rows: &[Vec<u8>]) -> Board {
    let cells = rows
        .iter()
        .flatten()
        .map(|&c| Cell::from_code(c as u64).unwrap())
        .collect();
    Board::new(Grid::from_cells(rows[0].len() as u32, rows.len() as u32, cells).unwrap()).unwrap()
}

/// Checks one board; returns the answer so callers can see the spread.
fn check(rows: &[Vec<u8>], cap: Option<u32>, algorithm: Algorithm, seed: u64) -> i64 {
    let board = board_of(rows);
    let expected = naive(rows, cap);
    let opts = Options {
        max_throws: cap,
        algorithm,
    };
    let found = solve(&board, &opts, &Limits::none());
    let ctx = || format!("seed {seed}, cap {cap:?}, {algorithm:?}, board {rows:?}");
    match found.outcome {
        Outcome::Solved(plan) => {
            assert_eq!(plan.len() as i64, expected, "{}", ctx());
            let (_, end) = replay(&board, &plan).unwrap_or_else(|e| panic!("{e}: {}", ctx()));
            assert_eq!(
                end.stone,
                board.goal(),
                "plan does not reach the goal: {}",
                ctx()
            );
        }
        Outcome::Unsolvable => assert_eq!(expected, -1, "{}", ctx()),
        Outcome::Limit(hit) => panic!("no limits were set, yet {hit}: {}", ctx()),
    }
    expected
}

#[test]
fn idastar_and_bfs_match_naive_on_10000_random_boards() {
    let mut rng = SplitMix64::new(0x5EED_C0DE);
    let mut uncapped = 0;
    let mut spread = [0u32; 14]; // answers -1, 0.., 12
    for i in 0..10_000u64 {
        let (rows, _) = random_board(&mut rng);
        let blocks = rows.iter().flatten().filter(|&&c| c == 1).count();
        // No cap only where the naive search stays small.
        let cap = if blocks <= 14 && rng.chance(25) {
            uncapped += 1;
            None
        } else {
            Some(rng.range(1, 12) as u32)
        };
        let answer = check(&rows, cap, Algorithm::IdaStar, i);
        assert_eq!(answer, check(&rows, cap, Algorithm::Bfs, i));
        spread[(answer + 1).min(13) as usize] += 1;
    }
    assert!(uncapped > 500, "too few uncapped boards: {uncapped}");
    // The boards must exercise real searches, not only trivial answers.
    eprintln!("answers -1, 1, 2, ...: {spread:?}");
    assert!(spread[0] > 1000 && spread[2] > 1000, "{spread:?}");
    assert!(spread[5..].iter().sum::<u32>() > 300, "{spread:?}");
}

#[test]
fn iddfs_matches_naive_on_random_boards() {
    let mut rng = SplitMix64::new(0x1DDF5);
    for i in 0..3_000u64 {
        let (rows, _) = random_board(&mut rng);
        let cap = if rng.chance(20) {
            None
        } else {
            Some(rng.range(1, 10) as u32)
        };
        let blocks = rows.iter().flatten().filter(|&&c| c == 1).count();
        if cap.is_none() && blocks > 10 {
            continue;
        }
        let answer = check(&rows, cap, Algorithm::Iddfs, i);
        assert_eq!(answer, check(&rows, cap, Algorithm::Bfs, i));
    }
}

#[test]
fn one_row_and_one_column_boards() {
    let mut rng = SplitMix64::new(42);
    for i in 0..2_000u64 {
        let n = rng.range(2, 20) as usize;
        let density = rng.range(0, 60) as u32;
        let mut line: Vec<u8> = (0..n).map(|_| rng.chance(density) as u8).collect();
        let s = rng.below(n as u64) as usize;
        let mut g = rng.below(n as u64) as usize;
        while g == s {
            g = rng.below(n as u64) as usize;
        }
        line[s] = 2;
        line[g] = 3;
        let cap = Some(rng.range(1, 12) as u32);
        let row = vec![line.clone()];
        let column: Vec<Vec<u8>> = line.iter().map(|&c| vec![c]).collect();
        let a = check(&row, cap, Algorithm::Bfs, i);
        assert_eq!(
            a,
            check(&column, cap, Algorithm::Bfs, i),
            "a column is a turned row"
        );
        check(&row, None, Algorithm::Bfs, i);
    }
}
