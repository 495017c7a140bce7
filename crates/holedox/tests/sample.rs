//! The official sample, through the library, under both tail rules.

use gridpuzzle_engine::search::{Limits, Outcome};
use gridpuzzle_holedox::{is_goal, replay, solve, Cases, TailRule};

/// `samples/holedox.in`, byte for byte.
const SAMPLE: &str = "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n\n\
4 4 4\n2 3\n1 3\n1 4\n2 4\n4\n\n2 1\n2 2\n3 4\n4 2\n\n0 0 0\n";
/// `samples/holedox.out`.
const SAMPLE_OUT: &str = "Case 1: 9\nCase 2: -1\n";

/// The judge's answer for each case: steps, or -1.
fn answers(input: &str, rule: TailRule) -> Vec<i64> {
    Cases::from_reader(input.as_bytes())
        .map(|case| {
            let case = case.expect("the sample parses");
            match solve(&case, rule, &Limits::none()).outcome {
                Outcome::Solved(plan) => {
                    let end = replay(case.lair(), case.body(), &plan, rule).expect("plan replays");
                    assert!(is_goal(case.lair(), &end));
                    plan.len() as i64
                }
                Outcome::Unsolvable => -1,
                Outcome::Limit(hit) => panic!("no limits were set, yet {hit}"),
            }
        })
        .collect()
}

#[test]
fn strict_rule_gives_the_official_output() {
    let got = answers(SAMPLE, TailRule::Strict);
    assert_eq!(got, vec![9, -1]);
    let text: String = got
        .iter()
        .enumerate()
        .map(|(i, y)| format!("Case {}: {y}\n", i + 1))
        .collect();
    assert_eq!(text, SAMPLE_OUT);
}

#[test]
fn lenient_rule_gives_three_and_five() {
    assert_eq!(answers(SAMPLE, TailRule::Lenient), vec![3, 5]);
}

#[test]
fn the_constants_are_the_repository_samples() {
    assert_eq!(include_str!("../../../samples/holedox.in"), SAMPLE);
    assert_eq!(include_str!("../../../samples/holedox.out"), SAMPLE_OUT);
}

#[test]
fn strict_is_the_default() {
    assert_eq!(TailRule::default(), TailRule::Strict);
}
