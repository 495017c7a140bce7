use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::*;

/// Moves on the integers: `+1`, `*2`, and `-3` (so there are cycles).
pub(super) fn arith(n: &i64, out: &mut Vec<(char, i64)>) {
    out.push(('+', n + 1));
    out.push(('*', n * 2));
    out.push(('-', n - 3));
}

pub(super) fn replay(mut n: i64, moves: &[char]) -> i64 {
    for m in moves {
        n = match m {
            '+' => n + 1,
            '*' => n * 2,
            _ => n - 3,
        };
    }
    n
}

#[test]
fn bfs_and_iddfs_agree_on_optimal_lengths() {
    for target in -20..60i64 {
        let cap = Some(9);
        let none = Limits::none();
        let b = bfs(
            1,
            arith,
            |&n| n == target,
            &mut HashVisited::default(),
            cap,
            &none,
        );
        let d = iddfs(1, arith, |&n| n == target, |_| Some(0), cap, &none);
        match (&b.outcome, &d.outcome) {
            (Outcome::Solved(x), Outcome::Solved(y)) => {
                assert_eq!(x.len(), y.len(), "target {target}");
                assert_eq!(replay(1, x), target);
                assert_eq!(replay(1, y), target);
            }
            (Outcome::Unsolvable, Outcome::Unsolvable) => {}
            other => panic!("target {target}: {other:?}"),
        }
    }
}

#[test]
fn depth_cap_is_a_proof_not_a_limit() {
    // 1 -> 64 needs 6 doublings; with a cap of 5 it is unsolvable.
    let none = Limits::none();
    let b = bfs(
        1,
        arith,
        |&n| n == 64,
        &mut HashVisited::default(),
        Some(5),
        &none,
    );
    assert_eq!(b.outcome, Outcome::Unsolvable);
    let d = iddfs(1, arith, |&n| n == 64, |_| Some(0), Some(5), &none);
    assert_eq!(d.outcome, Outcome::Unsolvable);
    let b = bfs(
        1,
        arith,
        |&n| n == 64,
        &mut HashVisited::default(),
        Some(6),
        &none,
    );
    assert_eq!(b.outcome.moves().map(<[char]>::len), Some(6));
}

#[test]
fn budgets_give_limit_never_unsolvable() {
    let limits = Limits {
        max_expanded: Some(50),
        ..Limits::none()
    };
    let b = bfs(
        1,
        arith,
        |&n| n == 1_000_003,
        &mut HashVisited::default(),
        None,
        &limits,
    );
    assert_eq!(b.outcome, Outcome::Limit(LimitHit::States(50)));
    assert_eq!(b.stats.expanded, 50);
    let d = iddfs(1, arith, |&n| n == 1_000_003, |_| Some(0), None, &limits);
    assert_eq!(d.outcome, Outcome::Limit(LimitHit::States(50)));

    let flag = Arc::new(AtomicBool::new(true));
    let limits = Limits {
        cancel: Some(flag),
        ..Limits::none()
    };
    let b = bfs(
        1,
        arith,
        |_| false,
        &mut HashVisited::default(),
        None,
        &limits,
    );
    assert_eq!(b.outcome, Outcome::Limit(LimitHit::Cancelled));

    let limits = Limits {
        deadline: Some(crate::clock::Instant::now()),
        ..Limits::none()
    };
    let d = iddfs(1, arith, |_| false, |_| Some(0), None, &limits);
    assert_eq!(d.outcome, Outcome::Limit(LimitHit::Time));
}

/// A finite DAG: states count down to 0, goal unreachable.
fn countdown(n: &u32, out: &mut Vec<(u8, u32)>) {
    if *n > 0 {
        out.push((1, n - 1));
        if *n > 1 {
            out.push((2, n - 2));
        }
    }
}

#[test]
fn exhaustion_without_cap_is_detected() {
    let d = iddfs(
        12u32,
        countdown,
        |_| false,
        |_| Some(0),
        None,
        &Limits::none(),
    );
    assert_eq!(d.outcome, Outcome::Unsolvable);
    let b = bfs(
        12u32,
        countdown,
        |_| false,
        &mut HashVisited::default(),
        None,
        &Limits::none(),
    );
    assert_eq!(b.outcome, Outcome::Unsolvable);
    assert_eq!(b.stats.expanded, 13);
}

#[test]
fn admissible_bound_prunes_but_keeps_optimality() {
    // Count down from 30 to 0 with steps of 1 or 2: optimum 15 moves.
    let plain = iddfs(
        30u32,
        countdown,
        |&n| n == 0,
        |_| Some(0),
        None,
        &Limits::none(),
    );
    let bounded = iddfs(
        30u32,
        countdown,
        |&n| n == 0,
        |&n| Some(n.div_ceil(2)),
        None,
        &Limits::none(),
    );
    assert_eq!(plain.outcome.moves().map(<[u8]>::len), Some(15));
    assert_eq!(bounded.outcome.moves().map(<[u8]>::len), Some(15));
    assert!(bounded.stats.expanded < plain.stats.expanded);
    // A bound of None prunes a state as dead.
    let dead = iddfs(
        30u32,
        countdown,
        |&n| n == 0,
        |_| None,
        None,
        &Limits::none(),
    );
    assert_eq!(dead.outcome, Outcome::Unsolvable);
}

#[test]
fn start_that_is_a_goal_costs_nothing() {
    let b = bfs(
        5u32,
        countdown,
        |&n| n == 5,
        &mut HashVisited::default(),
        None,
        &Limits::none(),
    );
    assert_eq!(b.outcome, Outcome::Solved(vec![]));
    let d = iddfs(
        5u32,
        countdown,
        |&n| n == 5,
        |_| Some(0),
        None,
        &Limits::none(),
    );
    assert_eq!(d.outcome, Outcome::Solved(vec![]));
}

#[test]
fn dense_visited_matches_hash_visited() {
    let mut dense = DenseVisited::new(100, |&n: &u32| n as usize);
    let mut hash = HashVisited::default();
    for n in [3u32, 7, 3, 99, 0, 7, 64, 63] {
        assert_eq!(dense.insert(&n), hash.insert(&n));
    }
    assert_eq!(Visited::<u32>::len(&dense), 6);
}

/// Counting down with steps of 1 or 2 as a mutable walk; `forbidden`
/// numbers refuse to be entered.
struct Countdown {
    n: u32,
    trail: Vec<u32>,
    forbidden: Vec<u32>,
    exact: bool,
}

impl Walk for Countdown {
    type Move = u8;
    type Key = u32;
    fn moves(&mut self, out: &mut Vec<u8>) {
        out.extend([1u8, 2]);
    }
    fn play(&mut self, m: u8) -> bool {
        if self.n < m as u32 || self.forbidden.contains(&(self.n - m as u32)) {
            return false;
        }
        self.trail.push(self.n);
        self.n -= m as u32;
        true
    }
    fn undo(&mut self) {
        self.n = self.trail.pop().unwrap();
    }
    fn is_goal(&self) -> bool {
        self.n == 0
    }
    fn bound(&mut self) -> Option<u32> {
        Some(if self.exact { self.n.div_ceil(2) } else { 0 })
    }
    fn key(&self) -> u32 {
        self.n
    }
}

#[test]
fn idastar_finds_optimal_paths_and_restores_the_walk() {
    for (table, deepening, exact) in modes() {
        let opts = DfsOptions {
            table,
            deepening,
            ..DfsOptions::default()
        };
        {
            let mut w = Countdown {
                n: 21,
                trail: vec![],
                forbidden: vec![10, 11],
                exact,
            };
            let capped = DfsOptions {
                max_depth: Some(30),
                ..opts
            };
            let found = idastar(&mut w, &Limits::none(), capped);
            // 21 -> 12 (at best 5 moves), jump 12 -> 9 impossible... 12 -> 10/11 forbidden.
            assert_eq!(found.outcome, Outcome::Unsolvable, "{opts:?} exact {exact}");
            assert_eq!((w.n, w.trail.len()), (21, 0));
            w.forbidden = vec![11];
            // With no cap, branch and bound runs as iterative deepening.
            let found = idastar(&mut w, &Limits::none(), opts);
            let moves = found.outcome.moves().unwrap().to_vec();
            assert_eq!(moves.len(), 11, "{opts:?} exact {exact}");
            let capped = idastar(&mut w, &Limits::none(), capped);
            assert_eq!(
                capped.outcome.moves().map(<[u8]>::len),
                Some(11),
                "{opts:?}"
            );
            assert_eq!(moves.iter().map(|&m| m as u32).sum::<u32>(), 21);
            assert_eq!((w.n, w.trail.len()), (21, 0));
        }
    }
}

fn modes() -> Vec<(bool, Deepening, bool)> {
    let mut v = Vec::new();
    for table in [false, true] {
        for deepening in [Deepening::Iterative, Deepening::BranchAndBound] {
            for exact in [false, true] {
                v.push((table, deepening, exact));
            }
        }
    }
    v
}

#[test]
fn idastar_respects_cap_and_budgets() {
    let mut w = Countdown {
        n: 30,
        trail: vec![],
        forbidden: vec![],
        exact: false,
    };
    for (table, deepening, _) in modes() {
        let opts = DfsOptions {
            table,
            deepening,
            ..DfsOptions::default()
        };
        let capped = |cap| DfsOptions {
            max_depth: Some(cap),
            ..opts
        };
        let none = Limits::none();
        assert_eq!(
            idastar(&mut w, &none, capped(14)).outcome,
            Outcome::Unsolvable
        );
        assert_eq!(
            idastar(&mut w, &none, capped(15))
                .outcome
                .moves()
                .map(<[u8]>::len),
            Some(15)
        );
        assert_eq!(
            idastar(&mut w, &none, capped(40))
                .outcome
                .moves()
                .map(<[u8]>::len),
            Some(15)
        );
    }
    let tight = Limits {
        max_expanded: Some(5),
        ..Limits::none()
    };
    assert_eq!(
        idastar(&mut w, &tight, DfsOptions::default()).outcome,
        Outcome::Limit(LimitHit::States(5))
    );
    assert_eq!((w.n, w.trail.len()), (30, 0));
}

#[test]
fn the_table_saves_work_on_transpositions() {
    let mut w = Countdown {
        n: 40,
        trail: vec![],
        forbidden: vec![],
        exact: false,
    };
    let capped = DfsOptions {
        max_depth: Some(25),
        ..DfsOptions::default()
    };
    let with = idastar(&mut w, &Limits::none(), capped);
    let without = idastar(
        &mut w,
        &Limits::none(),
        DfsOptions {
            table: false,
            ..capped
        },
    );
    assert_eq!(with.outcome.moves().map(<[u8]>::len), Some(20));
    assert_eq!(without.outcome.moves().map(<[u8]>::len), Some(20));
    assert!(
        with.stats.expanded * 10 < without.stats.expanded,
        "{:?} vs {:?}",
        with.stats,
        without.stats
    );
}

#[test]
fn a_full_table_changes_work_not_answers() {
    let mut w = Countdown {
        n: 40,
        trail: vec![],
        forbidden: vec![8, 23],
        exact: false,
    };
    let capped = DfsOptions {
        max_depth: Some(30),
        ..DfsOptions::default()
    };
    let full = idastar(&mut w, &Limits::none(), capped);
    let tiny = idastar(
        &mut w,
        &Limits::none(),
        DfsOptions {
            table_capacity: 3,
            ..capped
        },
    );
    // 40 -> 10 in 15 moves, then 10 9 7 5 3 1 0 around the forbidden 8.
    assert_eq!(full.outcome.moves().map(<[u8]>::len), Some(21));
    assert_eq!(tiny.outcome.moves().map(<[u8]>::len), Some(21));
    assert!(tiny.stats.expanded > full.stats.expanded);
}

#[test]
fn a_watched_search_whose_sink_fails_is_cancelled() {
    // A watched search cannot be stopped by its observer, so the watch
    // raises the cancel flag of the budget it runs under when its sink
    // fails: the search stops at its next budget check (1,024
    // expansions), not after the millions it would make.
    use crate::grid::Pos;
    use crate::trace::{Recorder, Sink, Step, Watch};
    struct Closed;
    impl Sink for Closed {
        fn step(&mut self, _: &Step) -> std::io::Result<()> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
    }
    let mut w = Countdown {
        n: 40,
        trail: Vec::new(),
        forbidden: vec![0],
        exact: false,
    };
    let opts = DfsOptions {
        table: false,
        deepening: Deepening::BranchAndBound,
        max_depth: Some(30),
        ..DfsOptions::default()
    };
    let limits = Limits::none();
    let mut sink = Closed;
    let mut rec = Recorder::new(&mut sink, &limits, u64::MAX);
    let mut watch = Watch::new(&mut rec, |w: &Countdown| (Pos::new(0, w.n), Vec::new()));
    let watched = watch.watched_limits(&limits);
    let found = idastar_observed(&mut w, &watched, opts, &mut watch);
    assert_eq!(found.outcome, Outcome::Limit(LimitHit::Cancelled));
    assert!(found.stats.expanded <= 1024, "{}", found.stats.expanded);
    assert!(rec.finish().is_err(), "the sink's failure is reported");
}
