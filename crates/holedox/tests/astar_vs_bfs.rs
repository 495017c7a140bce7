//! The default A* against the plain breadth-first search (the oracle) on
//! seeded random lairs, both tail rules, every plan replayed through
//! `rules::replay`; and the two bounds A* starts from checked against the
//! exact answers.

mod common;

use common::{random_plain, to_case};
use gridpuzzle_engine::rng::SplitMix64;
use gridpuzzle_engine::search::{LimitHit, Limits, Outcome, Search};
use gridpuzzle_engine::Dir;
use gridpuzzle_holedox::{
    is_goal, lower_bound, replay, solve_with, upper_bound, Algorithm, Case, SolveOptions,
    StateStore, TailRule,
};

fn bfs() -> SolveOptions {
    SolveOptions {
        algorithm: Algorithm::Bfs,
        ..SolveOptions::default()
    }
}

/// Checks a plan against the rules; returns its length, or -1.
fn judged(case: &Case, rule: TailRule, search: &Search<Dir>, what: &str) -> Option<i64> {
    match &search.outcome {
        Outcome::Solved(plan) => {
            let end = replay(case.lair(), case.body(), plan, rule)
                .unwrap_or_else(|e| panic!("{what} {rule:?}: {e} in {case:?}"));
            assert!(is_goal(case.lair(), &end), "{what} {rule:?} {case:?}");
            Some(plan.len() as i64)
        }
        Outcome::Unsolvable => Some(-1),
        Outcome::Limit(_) => None,
    }
}

/// A* (default options, and optionally a variant) against BFS; BFS may be
/// given a budget, and then the case counts only when BFS finished.
/// Returns whether the case was compared.
fn agree(case: &Case, rule: TailRule, bfs_budget: Option<u64>, variant: &SolveOptions) -> bool {
    let limits = Limits {
        max_expanded: bfs_budget,
        ..Limits::none()
    };
    let oracle = solve_with(case, rule, &limits, &bfs());
    let Some(want) = judged(case, rule, &oracle, "bfs") else {
        return false;
    };
    for options in [SolveOptions::default(), *variant] {
        let found = solve_with(case, rule, &Limits::none(), &options);
        let got = judged(case, rule, &found, "astar").expect("A* has no budget here");
        assert_eq!(got, want, "{rule:?} {options:?} {case:?}");
    }
    // The bounds bracket the answer, and the upper-bound plan is legal.
    let lower = lower_bound(case, rule).map_or(-1, i64::from);
    if want >= 0 {
        assert!(lower >= 0 && lower <= want, "lower {lower} > {want}");
    } else if lower >= 0 {
        assert_ne!(lower, 0, "a head on the exit is solved");
    }
    if let Some(plan) = upper_bound(case, rule) {
        let end = replay(case.lair(), case.body(), &plan, rule)
            .unwrap_or_else(|e| panic!("upper bound {rule:?}: {e} in {case:?}"));
        assert!(is_goal(case.lair(), &end));
        assert!(want >= 0 && plan.len() as i64 >= want, "{rule:?} {case:?}");
    }
    true
}

#[test]
fn astar_agrees_with_bfs_on_three_thousand_lairs() {
    let mut rng = SplitMix64::new(0xa57a);
    let plain = SolveOptions {
        precheck: false,
        store: StateStore::Hash,
        ..SolveOptions::default()
    };
    let mut lairs = 0;
    let mut judge_size = 0;
    while lairs < 3_000 {
        // One lair in four is judge-size with the longest judge body.
        let (rows, cols, len) = if rng.chance(25) {
            (20, 20, 8)
        } else {
            let side = if rng.chance(50) { 8 } else { 14 };
            let (r, c) = (rng.range(1, side), rng.range(1, side));
            (r as i32, c as i32, rng.range(2, 8) as usize)
        };
        let density = rng.range(0, 45) as u32;
        let Some(p) = random_plain(&mut rng, rows, cols, len, density) else {
            continue;
        };
        lairs += 1;
        judge_size += ((rows, cols, len) == (20, 20, 8)) as u32;
        let case = to_case(&p);
        // Every tenth lair also runs A* without shortcuts on a hash store.
        let variant = if lairs % 10 == 0 {
            plain
        } else {
            SolveOptions::default()
        };
        for rule in [TailRule::Strict, TailRule::Lenient] {
            assert!(agree(&case, rule, None, &variant));
        }
    }
    assert!(judge_size > 600, "{judge_size}");
}

#[test]
fn astar_agrees_with_bfs_on_forty_by_forty_lairs_with_twelve_segments() {
    let mut rng = SplitMix64::new(4_012);
    let mut compared = 0;
    let mut tried = 0;
    while tried < 40 {
        let density = rng.range(30, 45) as u32;
        let Some(p) = random_plain(&mut rng, 40, 40, 12, density) else {
            continue;
        };
        tried += 1;
        let case = to_case(&p);
        // BFS is given 300 000 expansions: dense lairs fit, open ones not.
        compared += agree(
            &case,
            TailRule::Strict,
            Some(300_000),
            &SolveOptions::default(),
        ) as u32;
    }
    assert!(compared >= 20, "only {compared} of {tried} compared");
}

#[test]
fn astar_budgets_are_limits_not_answers() {
    // A case that needs search (a detour the body forces), starved.
    let mut rng = SplitMix64::new(3);
    let mut starved = 0;
    while starved < 20 {
        let Some(p) = random_plain(&mut rng, 12, 12, 8, 25) else {
            continue;
        };
        let case = to_case(&p);
        let full = solve_with(
            &case,
            TailRule::Strict,
            &Limits::none(),
            &SolveOptions::default(),
        );
        if full.stats.expanded < 5 {
            continue;
        }
        starved += 1;
        let budget = Limits {
            max_expanded: Some(2),
            ..Limits::none()
        };
        let s = solve_with(&case, TailRule::Strict, &budget, &SolveOptions::default());
        assert_eq!(s.outcome, Outcome::Limit(LimitHit::States(2)));
        let memory = SolveOptions {
            max_states: Some(3),
            ..SolveOptions::default()
        };
        let s = solve_with(&case, TailRule::Strict, &Limits::none(), &memory);
        assert_eq!(s.outcome, Outcome::Limit(LimitHit::Memory(3)), "{s:?}");
        let past = Limits {
            deadline: Some(std::time::Instant::now()),
            ..Limits::none()
        };
        // The clock is read every 1024 expansions: small searches finish.
        let s = solve_with(&case, TailRule::Strict, &past, &SolveOptions::default());
        assert!(
            s.outcome == full.outcome || s.outcome == Outcome::Limit(LimitHit::Time),
            "{s:?}"
        );
    }
}
