//! `--format json` on thousands of random cases: every plan replays
//! through the rules to the goal in exactly `answer` moves.

mod common;

use common::{random_curling_file, random_holedox_file, run};
use gridpuzzle_curling as curling;
use gridpuzzle_engine::moves::parse_plan;
use gridpuzzle_holedox as holedox;
use serde_json::Value;

fn records(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// Checks the record's shape and returns (answer, moves).
fn check_shape(rec: &Value, n: usize) -> (i64, String) {
    assert_eq!(rec["case"], n as u64, "{rec}");
    let answer = rec["answer"].as_i64().expect("answer");
    let moves = rec["moves"].as_str().expect("moves").to_string();
    let outcome = rec["outcome"].as_str().expect("outcome");
    match outcome {
        "solved" => assert_eq!(moves.len() as i64, answer, "{rec}"),
        "unsolvable" => assert_eq!((answer, moves.as_str()), (-1, ""), "{rec}"),
        other => panic!("unexpected outcome {other}: {rec}"),
    }
    assert!(rec["stats"]["expanded"].is_u64(), "{rec}");
    assert!(rec["stats"]["millis"].is_number(), "{rec}");
    (answer, moves)
}

#[test]
fn curling_json_plans_replay() {
    let input = random_curling_file(2_000, 0xC0FFEE);
    let r = run(&["solve", "curling", "--format", "json"], &input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let recs = records(&r.stdout);
    assert_eq!(recs.len(), 2_000);
    let judge = run(&["solve", "curling"], &input);
    let boards: Vec<curling::Board> = curling::Datasets::new(input.as_bytes())
        .map(Result::unwrap)
        .collect();
    let mut solved = 0;
    for (i, (rec, board)) in recs.iter().zip(&boards).enumerate() {
        let (answer, moves) = check_shape(rec, i + 1);
        assert_eq!(
            judge.stdout.lines().nth(i),
            Some(answer.to_string().as_str())
        );
        if answer >= 0 {
            solved += 1;
            let plan = parse_plan(&moves).unwrap();
            let (_, end) = curling::rules::replay(board, &plan).unwrap();
            assert_eq!(end.stone, board.goal(), "{rec}");
        }
    }
    assert!(solved > 500, "too few solvable boards: {solved}");
}

#[test]
fn holedox_json_plans_replay_under_both_rules() {
    let input = random_holedox_file(1_500, 0xD0C5);
    let cases: Vec<holedox::Case> = holedox::Cases::from_reader(input.as_bytes())
        .map(Result::unwrap)
        .collect();
    for (rule, flag) in [
        (holedox::TailRule::Strict, "strict"),
        (holedox::TailRule::Lenient, "lenient"),
    ] {
        let r = run(
            &["solve", "holedox", "--format", "json", "--tail-rule", flag],
            &input,
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        let recs = records(&r.stdout);
        assert_eq!(recs.len(), cases.len());
        let mut solved = 0;
        for (i, (rec, case)) in recs.iter().zip(&cases).enumerate() {
            let (answer, moves) = check_shape(rec, i + 1);
            if answer >= 0 {
                solved += 1;
                let plan = parse_plan(&moves).unwrap();
                let end = holedox::replay(case.lair(), case.body(), &plan, rule).unwrap();
                assert!(holedox::is_goal(case.lair(), &end), "{rec}");
            }
        }
        assert!(solved > 300, "too few solvable lairs: {solved}");
    }
}
