//! The generator against the naive solver: every stated answer, every
//! difficulty record and every plan is checked independently, and the
//! same seed must give the same lairs.

mod common;

use std::time::Duration;

use common::{from_case, naive, Plain};
use gridpuzzle_engine::generate::Want;
use gridpuzzle_engine::{Dir, Pos};
use gridpuzzle_holedox::generate::{
    generate, hardest, write_case, GenerateOptions, Generated, HardestOptions,
    DEFAULT_MAX_EXPANDED, TERMINATOR,
};
use gridpuzzle_holedox::{replay, Cases, ParseOptions, TailRule};

fn answer(p: &Plain, rule: TailRule) -> i64 {
    naive(p, rule == TailRule::Lenient).map_or(-1, |n| n as i64)
}

fn options(cols: u32, rows: u32, len: usize, want: Want) -> GenerateOptions {
    GenerateOptions {
        rows,
        cols,
        len,
        exit: Pos::new(0, 0),
        rule: TailRule::Strict,
        want,
        density: None,
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

/// Checks one generated lair against the naive solver, including the
/// count of optimal first steps.
fn check(g: &Generated, opts: &GenerateOptions) {
    let plain = from_case(&g.board);
    let rule = opts.rule;
    let a = answer(&plain, rule);
    let d = g.difficulty;
    assert_eq!(d.optimum, a, "{plain:?}");
    assert!(opts.want.contains(a), "{a} not in {:?}", opts.want);
    assert_eq!(
        (plain.rows, plain.cols, plain.body.len()),
        (opts.rows as i32, opts.cols as i32, opts.len)
    );
    assert!(!plain.stone[plain.exit.0 as usize][plain.exit.1 as usize]);
    if a <= 0 {
        assert!(g.plan.is_empty());
        assert_eq!(d.optimal_first_moves, 0);
        return;
    }
    assert_eq!(g.plan.len() as i64, a);
    let end = replay(g.board.lair(), g.board.body(), &g.plan, rule).unwrap();
    assert_eq!(end[0], g.board.lair().exit());
    let mut optimal = 0;
    for d in Dir::ALL {
        let (dr, dc) = d.delta();
        let (hr, hc) = plain.body[0];
        let (r, c) = (hr + dr as i32, hc + dc as i32);
        let blocking = if rule == TailRule::Lenient {
            plain.body.len() - 1
        } else {
            plain.body.len()
        };
        if r < 0
            || c < 0
            || r >= plain.rows
            || c >= plain.cols
            || plain.stone[r as usize][c as usize]
            || plain.body[..blocking].contains(&(r, c))
        {
            continue;
        }
        let mut after = plain.clone();
        after.body.pop();
        after.body.insert(0, (r, c));
        optimal += (answer(&after, rule) == a - 1) as u32;
    }
    assert_eq!(d.optimal_first_moves, optimal, "{plain:?}");
    assert!(optimal >= 1);
}

#[test]
fn answers_in_a_range_agree_with_the_naive_solver() {
    let cases = [
        (
            8,
            6,
            4,
            Want {
                min: 5,
                max: Some(12),
            },
            30,
        ),
        (7, 7, 5, Want { min: 15, max: None }, 6),
        (5, 9, 3, Want::exactly(4), 20),
        (
            6,
            6,
            2,
            Want {
                min: 0,
                max: Some(2),
            },
            20,
        ),
    ];
    for (cols, rows, len, want, n) in cases {
        let opts = options(cols, rows, len, want);
        let made = take(&opts, 21, n);
        assert_eq!(made.len(), n);
        for g in &made {
            check(g, &opts);
        }
    }
}

#[test]
fn other_exits_and_the_lenient_rule() {
    let opts = GenerateOptions {
        exit: Pos::new(3, 5),
        rule: TailRule::Lenient,
        ..options(
            7,
            5,
            4,
            Want {
                min: 3,
                max: Some(9),
            },
        )
    };
    for g in take(&opts, 8, 25) {
        check(&g, &opts);
    }
}

#[test]
fn unsolvable_sets_are_really_unsolvable() {
    for (cols, rows, len) in [(6, 6, 4), (8, 5, 6), (4, 4, 3)] {
        let opts = options(cols, rows, len, Want::exactly(-1));
        for g in take(&opts, 5, 20) {
            check(&g, &opts);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_lairs() {
    let opts = options(
        10,
        7,
        5,
        Want {
            min: 3,
            max: Some(30),
        },
    );
    let text = |seed| {
        take(&opts, seed, 12)
            .iter()
            .map(|g| write_case(&g.board))
            .collect::<String>()
            + TERMINATOR
    };
    let a = text(99);
    assert_eq!(a, text(99));
    assert_ne!(a, text(100));
    let cases: Vec<_> = Cases::new(a.as_bytes(), ParseOptions::default())
        .map(Result::unwrap)
        .collect();
    assert_eq!(cases.len(), 12);
    // `--size 10x7` is 10 columns and 7 rows.
    assert!(cases
        .iter()
        .all(|c| (c.lair().cols(), c.lair().rows()) == (10, 7)));
}

#[test]
fn the_hardest_search_only_improves() {
    let opts = HardestOptions {
        rows: 9,
        cols: 10,
        len: 5,
        exit: Pos::new(0, 0),
        rule: TailRule::Strict,
        density: 20,
        time: Duration::from_millis(1500),
        max_expanded: DEFAULT_MAX_EXPANDED,
        cancel: None,
        heap: None,
    };
    let mut seen = Vec::new();
    let best = hardest(&opts, 4, |b, _| seen.push(b.answer)).expect("a start is found");
    assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
    assert_eq!(best.answer, *seen.last().unwrap());
    assert_eq!(
        answer(&from_case(&best.board), TailRule::Strict),
        best.answer
    );
}
