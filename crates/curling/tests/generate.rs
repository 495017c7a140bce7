//! The generator against the naive solver: every stated answer, every
//! difficulty record and every plan is checked independently, and the
//! same seed must give the same boards.

mod common;

use common::naive;
use gridpuzzle_curling::generate::{
    generate, hardest, write_dataset, GenerateOptions, Generated, HardestOptions,
    DEFAULT_MAX_EXPANDED, TERMINATOR,
};
use gridpuzzle_curling::rules::{apply, replay, throw, Throw};
use gridpuzzle_curling::{Board, Datasets};
use gridpuzzle_engine::generate::Want;
use gridpuzzle_engine::Dir;
use std::time::Duration;

fn rows_of(board: &Board) -> Vec<Vec<u8>> {
    board
        .grid()
        .rows()
        .map(|r| r.iter().map(|c| c.code()).collect())
        .collect()
}

fn options(w: u32, h: u32, want: Want, cap: Option<u32>) -> GenerateOptions {
    GenerateOptions {
        width: w,
        height: h,
        want,
        density: None,
        max_throws: cap,
        max_expanded: DEFAULT_MAX_EXPANDED,
        attempts: 200_000,
        cancel: None,
        heap: None,
    }
}

fn take(opts: &GenerateOptions, seed: u64, n: usize) -> Vec<Generated> {
    generate(opts, seed)
        .take(n)
        .map(|g| g.expect("the request is possible"))
        .collect()
}

/// Checks one generated board against the naive solver, including the
/// count of optimal first throws.
fn check(g: &Generated, cap: Option<u32>, want: Want) {
    let rows = rows_of(&g.board);
    let answer = naive(&rows, cap);
    let d = g.difficulty;
    assert_eq!(d.optimum, answer, "{rows:?}");
    assert!(want.contains(answer), "{answer} not in {want:?}");
    if answer == -1 {
        assert!(g.plan.is_empty());
        assert_eq!(d.optimal_first_moves, 0);
        return;
    }
    assert_eq!(g.plan.len() as i64, answer);
    let (_, end) = replay(&g.board, &g.plan).unwrap();
    assert_eq!(end.stone, g.board.goal());
    // Optimal first throws, counted naively: after the throw, the rest of
    // the game is a board of its own.
    let mut optimal = 0;
    let start = g.board.initial();
    for dir in Dir::ALL {
        let rest = match throw(&g.board, &start, dir) {
            Err(_) => continue,
            Ok(Throw::Goal { .. }) => 0,
            Ok(t @ Throw::Rest { at, broke, .. }) => {
                let mut after = rows.clone();
                let s = g.board.start();
                after[s.row as usize][s.col as usize] = 0;
                after[broke.row as usize][broke.col as usize] = 0;
                after[at.row as usize][at.col as usize] = 2;
                assert_eq!(apply(&g.board, &start, &t).stone, at);
                naive(&after, cap.map(|c| c - 1))
            }
        };
        optimal += (rest == answer - 1) as u32;
    }
    assert_eq!(d.optimal_first_moves, optimal, "{rows:?}");
    assert!(optimal >= 1);
}

#[test]
fn answers_in_a_range_agree_with_the_naive_solver() {
    for (w, h, want, cap, n) in [
        (
            8,
            8,
            Want {
                min: 3,
                max: Some(6),
            },
            Some(10),
            40,
        ),
        (12, 9, Want::exactly(7), Some(10), 8),
        (6, 5, Want { min: 1, max: None }, None, 40),
        (
            1,
            9,
            Want {
                min: 1,
                max: Some(3),
            },
            Some(10),
            10,
        ),
    ] {
        let opts = options(w, h, want, cap);
        let made = take(&opts, 17, n);
        assert_eq!(made.len(), n);
        for g in &made {
            assert_eq!((g.board.width(), g.board.height()), (w, h));
            check(g, cap, want);
        }
    }
}

#[test]
fn unsolvable_sets_are_really_unsolvable() {
    for (w, h, cap) in [(7, 7, Some(10)), (5, 4, None), (9, 9, Some(3))] {
        let want = Want::exactly(-1);
        for g in take(&options(w, h, want, cap), 5, 25) {
            check(&g, cap, want);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_boards() {
    let opts = options(
        10,
        7,
        Want {
            min: 2,
            max: Some(8),
        },
        Some(10),
    );
    let text = |seed| {
        take(&opts, seed, 15)
            .iter()
            .map(|g| write_dataset(&g.board))
            .collect::<String>()
            + TERMINATOR
    };
    let a = text(99);
    assert_eq!(a, text(99));
    assert_ne!(a, text(100));
    // And the text is a judge input of 15 boards.
    assert_eq!(Datasets::new(a.as_bytes()).count(), 15);
}

#[test]
fn the_hardest_search_only_improves() {
    let opts = HardestOptions {
        width: 7,
        height: 7,
        max_throws: None,
        density: 20,
        time: Duration::from_millis(1500),
        max_expanded: 200_000,
        cancel: None,
        heap: None,
    };
    let mut seen = Vec::new();
    let best = hardest(&opts, 4, |b, _| seen.push(b.answer)).expect("a start is found");
    assert!(!seen.is_empty());
    assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
    assert_eq!(best.answer, *seen.last().unwrap());
    // Proved: a plan of that length exists and none shorter does.
    let rows = rows_of(&best.board);
    let a = best.answer as u32;
    assert_eq!(naive(&rows, Some(a)), a as i64);
}
