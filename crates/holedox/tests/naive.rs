//! The solver against a deliberately naive one (`common/mod.rs`) on seeded
//! random lairs. Every plan the real solver returns is also replayed
//! through `rules::replay`. The big test runs the default solver (A*); the
//! breadth-first comparator and the variants without shortcuts or with a
//! hash store are held to the same oracle.

mod common;

use common::{naive, random_plain, to_case, Plain};
use gridpuzzle_engine::rng::SplitMix64;
use gridpuzzle_engine::search::{Limits, Outcome};
use gridpuzzle_holedox::{
    is_goal, replay, solve, solve_with, Algorithm, SolveOptions, StateStore, TailRule,
};

/// Solves `p` both ways under `rule` and checks the answers and the plan.
fn compare(p: &Plain, rule: TailRule, options: &SolveOptions) {
    let case = to_case(p);
    let expected = naive(p, rule == TailRule::Lenient);
    let found = solve_with(&case, rule, &Limits::none(), options);
    match (&found.outcome, expected) {
        (Outcome::Solved(plan), Some(steps)) => {
            assert_eq!(plan.len(), steps, "{rule:?} {p:?}");
            let end = replay(case.lair(), case.body(), plan, rule)
                .unwrap_or_else(|e| panic!("{e} in {p:?}"));
            assert!(is_goal(case.lair(), &end), "{p:?}");
        }
        (Outcome::Unsolvable, None) => {}
        (got, want) => panic!("{rule:?}: solver {got:?}, naive {want:?} for {p:?}"),
    }
}

/// Lair sizes: mostly small (the naive solver is slow), some judge-size.
fn random_size(rng: &mut SplitMix64) -> (i32, i32) {
    let side = match rng.below(100) {
        0..=64 => 5,
        65..=89 => 8,
        90..=98 => 12,
        _ => 20,
    };
    (rng.range(1, side) as i32, rng.range(1, side) as i32)
}

#[test]
fn solver_agrees_with_naive_bfs_on_ten_thousand_lairs() {
    let mut rng = SplitMix64::new(0x4f1e_d0c5);
    let mut lairs = 0;
    let mut solvable = 0;
    let mut attempts = 0;
    while lairs < 10_000 {
        attempts += 1;
        assert!(attempts < 100_000, "the generator keeps failing");
        let (rows, cols) = random_size(&mut rng);
        let len = rng.range(2, 8) as usize;
        let density = rng.range(0, 50) as u32;
        let Some(p) = random_plain(&mut rng, rows, cols, len, density) else {
            continue;
        };
        lairs += 1;
        for rule in [TailRule::Strict, TailRule::Lenient] {
            compare(&p, rule, &SolveOptions::default());
        }
        solvable += naive(&p, false).is_some() as u32;
    }
    // The mix must not be degenerate.
    assert!((2_000..9_000).contains(&solvable), "{solvable} solvable");
}

#[test]
fn judge_size_lairs_agree_too() {
    let mut rng = SplitMix64::new(20_20);
    let mut lairs = 0;
    while lairs < 40 {
        let len = rng.range(2, 8) as usize;
        let density = rng.range(0, 50) as u32;
        let Some(p) = random_plain(&mut rng, 20, 20, len, density) else {
            continue;
        };
        lairs += 1;
        compare(&p, TailRule::Strict, &SolveOptions::default());
        compare(&p, TailRule::Lenient, &SolveOptions::default());
    }
}

#[test]
fn hash_store_and_no_precheck_agree() {
    let mut rng = SplitMix64::new(77);
    let variants = [Algorithm::AStar, Algorithm::Bfs].map(|algorithm| SolveOptions {
        algorithm,
        store: StateStore::Hash,
        precheck: false,
        max_states: None,
    });
    let mut lairs = 0;
    while lairs < 1_000 {
        let (rows, cols) = (rng.range(1, 6) as i32, rng.range(1, 6) as i32);
        let len = rng.range(1, 8) as usize;
        let density = rng.range(0, 40) as u32;
        let Some(p) = random_plain(&mut rng, rows, cols, len, density) else {
            continue;
        };
        lairs += 1;
        for options in &variants {
            compare(&p, TailRule::Strict, options);
            compare(&p, TailRule::Lenient, options);
        }
    }
}

#[test]
fn bfs_with_its_precheck_agrees_too() {
    let mut rng = SplitMix64::new(0xbf5);
    let options = SolveOptions {
        algorithm: Algorithm::Bfs,
        ..SolveOptions::default()
    };
    let mut lairs = 0;
    while lairs < 1_000 {
        let (rows, cols) = random_size(&mut rng);
        let len = rng.range(2, 8) as usize;
        let density = rng.range(0, 50) as u32;
        let Some(p) = random_plain(&mut rng, rows, cols, len, density) else {
            continue;
        };
        lairs += 1;
        compare(&p, TailRule::Strict, &options);
        compare(&p, TailRule::Lenient, &options);
    }
}

#[test]
fn solve_uses_defaults() {
    let mut rng = SplitMix64::new(5);
    let p = loop {
        if let Some(p) = random_plain(&mut rng, 6, 6, 5, 20) {
            break p;
        }
    };
    let case = to_case(&p);
    assert_eq!(
        solve(&case, TailRule::Strict, &Limits::none()).outcome,
        solve_with(
            &case,
            TailRule::Strict,
            &Limits::none(),
            &SolveOptions::default()
        )
        .outcome
    );
}
