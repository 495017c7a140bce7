//! `gridpuzzle solve curling` end to end.

mod common;

use common::{read_sample, run, sample};

#[test]
fn official_sample_byte_for_byte_from_a_file() {
    let path = sample("curling.in");
    let r = run(&["solve", "curling", path.to_str().unwrap()], "");
    assert_eq!(r.stdout, read_sample("curling.out"));
    assert_eq!(r.stderr, "");
    assert_eq!(r.code, 0);
}

#[test]
fn official_sample_byte_for_byte_from_stdin() {
    for args in [&["solve", "curling"][..], &["solve", "curling", "-"][..]] {
        let r = run(args, &read_sample("curling.in"));
        assert_eq!(r.stdout, read_sample("curling.out"));
        assert_eq!(r.code, 0);
    }
}

#[test]
fn throw_cap_is_an_option() {
    // The sample's fifth board needs exactly 10 throws.
    let input = "12 1\n2 0 1 1 1 1 1 1 1 1 1 3\n0 0\n";
    assert_eq!(run(&["solve", "curling"], input).stdout, "10\n");
    assert_eq!(
        run(&["solve", "curling", "--max-throws", "9"], input).stdout,
        "-1\n"
    );
    // The sixth needs 11: -1 under the judge's cap, 11 without one.
    let input = "13 1\n2 0 1 1 1 1 1 1 1 1 1 1 3\n0 0\n";
    assert_eq!(run(&["solve", "curling"], input).stdout, "-1\n");
    assert_eq!(
        run(&["solve", "curling", "--max-throws", "none"], input).stdout,
        "11\n"
    );
    assert_eq!(
        run(&["solve", "curling", "--max-throws", "11"], input).stdout,
        "11\n"
    );
}

#[test]
fn usage_errors_exit_2() {
    let r = run(&["solve", "curling", "--max-throws", "lots"], "");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("expected a number of throws or `none`"),
        "{}",
        r.stderr
    );
    let r = run(&["solve", "curling", "/no/such/file"], "");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("cannot open /no/such/file"),
        "{}",
        r.stderr
    );
    assert_eq!(run(&["solve", "sokoban"], "").code, 2);
}

#[test]
fn help_explains_with_an_example() {
    let r = run(&["solve", "curling", "--help"], "");
    assert_eq!(r.code, 0);
    for needle in [
        "--max-throws",
        "none",
        "Example",
        "gridpuzzle solve curling",
        "0 0",
    ] {
        assert!(
            r.stdout.contains(needle),
            "help lacks {needle}: {}",
            r.stdout
        );
    }
}

/// Malformed inputs: (input, answers that must come out first, exact error).
const MALFORMED: &[(&str, &str, &str)] = &[
    (
        "2 1\n2 3\n3 1\n2 x 3\n0 0\n",
        "1\n",
        "dataset 2, line 4, column 3: expected a cell code (0, 1, 2 or 3) for row 1, column 2 of the board, found `x`",
    ),
    (
        "2 1\n2 3\n-2 1\n",
        "1\n",
        "dataset 2, line 3, column 1: expected the width w (a non-negative integer), found the negative number `-2`",
    ),
    (
        "3 1\n2 7 3\n0 0\n",
        "",
        "dataset 1, line 2, column 3: expected a cell code (0, 1, 2 or 3) for row 1, column 2 of the board, found `7`",
    ),
    (
        "3 1\n2 -1 3\n0 0\n",
        "",
        "dataset 1, line 2, column 3: expected a cell code (0, 1, 2 or 3) for row 1, column 2 of the board, found `-1`",
    ),
    (
        "2 1\n2 3\n2 1\n0 3\n0 0\n",
        "1\n",
        "dataset 2, line 3, column 1: expected a board with a start (code 2), found a 2 × 1 board without one",
    ),
    (
        "2 1\n2 0\n0 0\n",
        "",
        "dataset 1, line 1, column 1: expected a board with a goal (code 3), found a 2 × 1 board without one",
    ),
    (
        "3 1\n2 2 3\n0 0\n",
        "",
        "dataset 1, line 2, column 3: expected one start only (the first is at row 1, column 1), found a second start at row 1, column 2",
    ),
    (
        "3 1\n3 2 3\n0 0\n",
        "",
        "dataset 1, line 2, column 5: expected one goal only (the first is at row 1, column 1), found a second goal at row 1, column 3",
    ),
    (
        "2 1 2 3\n3 2\n2 0 0\n0 3",
        "1\n",
        "dataset 2, line 4, column 4: expected a cell code (0, 1, 2 or 3) for row 2, column 3 of the board, found end of input (1 of the 6 cells missing)",
    ),
    (
        "0 3\n",
        "",
        "dataset 1, line 1, column 1: expected a width of at least 1 (or the terminator `0 0`), found `0`",
    ),
    (
        "3 0\n",
        "",
        "dataset 1, line 1, column 3: expected a height of at least 1 (or the terminator `0 0`), found `0`",
    ),
    (
        "1000000000 1000000000\n",
        "",
        "dataset 1, line 1, column 1: expected the width w (at most 4194304), found `1000000000`",
    ),
    (
        "2048 2049\n",
        "",
        "dataset 1, line 1, column 1: expected a board of at most 4194304 cells, found 2048 × 2049 = 4196352 cells",
    ),
    (
        "99999999999999999999999999999999999999999999999999999999999 1\n",
        "",
        "dataset 1, line 1, column 1: expected the width w (at most 4194304), found `9999999999999999999999999999999999999999…`",
    ),
    (
        "",
        "",
        "dataset 1, line 1, column 1: expected a dataset (`w h` and the board) or the terminator `0 0`, found end of input",
    ),
    (
        "2 1\n2 3\n2",
        "1\n",
        "dataset 2, line 3, column 2: expected the height h, found end of input",
    ),
    (
        "2.5 1\n2 3\n",
        "",
        "dataset 1, line 1, column 1: expected the width w (a non-negative integer), found `2.5`",
    ),
    (
        "2 1\n2 3\n2 1\n3 ２\n",
        "1\n",
        "dataset 2, line 4, column 3: expected a cell code (0, 1, 2 or 3) for row 1, column 2 of the board, found `２`",
    ),
];

#[test]
fn malformed_inputs_table() {
    for (input, answers, error) in MALFORMED {
        let r = run(&["solve", "curling"], input);
        assert_eq!(
            r.stdout, *answers,
            "answers before the error, input {input:?}"
        );
        assert_eq!(
            r.stderr,
            format!("gridpuzzle: {error}\n"),
            "input {input:?}"
        );
        assert_eq!(r.code, 2, "input {input:?}");
    }
}

#[test]
fn a_missing_terminator_after_a_complete_dataset_is_accepted() {
    let r = run(&["solve", "curling"], "2 1\n2 3\n3 1\n2 0 3");
    assert_eq!((r.stdout.as_str(), r.code), ("1\n1\n", 0));
    assert_eq!(r.stderr, "");
}

#[test]
fn a_large_board_without_cap_is_solved() {
    // 1000 × 1000 of ice, one block, the goal in the bottom row.
    let (w, h) = (1000, 1000);
    let mut text = format!("{w} {h}\n");
    for r in 0..h {
        let row: Vec<&str> = (0..w)
            .map(|c| match (r, c) {
                (0, 0) => "2",
                (999, 998) => "3",
                (0, 999) => "1",
                _ => "0",
            })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    // Right stops at column 998 (breaking the block); down enters the goal.
    // Every other first throw leaves the board.
    text.push_str("0 0\n");
    let r = run(&["solve", "curling", "--max-throws", "none"], &text);
    assert_eq!(r.stdout, "2\n");
    assert_eq!(r.code, 0);
}

#[test]
fn a_budget_gives_limit_and_exit_3_never_minus_1() {
    // Dataset 5 needs 10 throws: 5 expanded states cannot prove anything.
    let r = run(
        &["solve", "curling", "--max-states", "5"],
        &read_sample("curling.in"),
    );
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[0], "1");
    assert_eq!(lines[4], "limit");
    assert!(
        r.stderr.contains("gridpuzzle: dataset 5: the limit of 5 expanded states was reached (raise --max-states, or --max-states none to lift it); the answer is not known"),
        "{}",
        r.stderr
    );
    assert_eq!(r.code, 3);
    let json = run(
        &["solve", "curling", "--max-states", "5", "--format", "json"],
        &read_sample("curling.in"),
    );
    let rec: serde_json::Value = serde_json::from_str(json.stdout.lines().nth(4).unwrap()).unwrap();
    assert_eq!(rec["outcome"], "limit");
    assert!(rec["answer"].is_null());
}

#[test]
fn parallel_runs_keep_input_order() {
    let input = common::random_curling_file(400, 99);
    let one = run(&["solve", "curling", "--jobs", "1"], &input);
    let four = run(&["solve", "curling", "--jobs", "4"], &input);
    assert_eq!(one.stdout, four.stdout);
    assert_eq!(one.stdout.lines().count(), 400);
    // An error after many cases still comes after all their answers.
    let broken = format!("{}2 1\n2 x\n", input.strip_suffix("0 0\n").unwrap());
    let r = run(&["solve", "curling", "--jobs", "3"], &broken);
    assert_eq!(r.stdout, one.stdout);
    assert!(
        r.stderr.starts_with("gridpuzzle: dataset 401, "),
        "{}",
        r.stderr
    );
    assert_eq!(r.code, 2);
}
