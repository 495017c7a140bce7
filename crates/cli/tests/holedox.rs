//! `gridpuzzle solve holedox` end to end.

mod common;

use common::{read_sample, run, sample};

#[test]
fn official_sample_byte_for_byte_under_both_tail_rules() {
    let path = sample("holedox.in");
    let path = path.to_str().unwrap();
    let strict = run(&["solve", "holedox", path], "");
    assert_eq!(strict.stdout, read_sample("holedox.out"));
    assert_eq!((strict.code, strict.stderr.as_str()), (0, ""));
    let explicit = run(&["solve", "holedox", "--tail-rule", "strict", path], "");
    assert_eq!(explicit.stdout, "Case 1: 9\nCase 2: -1\n");
    let lenient = run(
        &["solve", "holedox", "--tail-rule", "lenient"],
        &read_sample("holedox.in"),
    );
    assert_eq!(lenient.stdout, "Case 1: 3\nCase 2: 5\n");
    assert_eq!(lenient.code, 0);
}

#[test]
fn the_exit_is_an_option() {
    // A 3×3 lair, head at (2,2), tail at (2,3).
    let input = "3 3 2\n2 2\n2 3\n0\n0 0 0\n";
    assert_eq!(run(&["solve", "holedox"], input).stdout, "Case 1: 2\n");
    assert_eq!(
        run(&["solve", "holedox", "--exit", "2,1"], input).stdout,
        "Case 1: 1\n"
    );
    assert_eq!(
        run(&["solve", "holedox", "--exit", "2,2"], input).stdout,
        "Case 1: 0\n"
    );
    assert_eq!(
        run(&["solve", "holedox", "--exit", "3,3"], input).stdout,
        "Case 1: 2\n"
    );
    let r = run(&["solve", "holedox", "--exit", "4,1"], input);
    assert_eq!(r.stdout, "");
    assert_eq!(
        r.stderr,
        "gridpuzzle: case 1, line 1, column 1: expected a lair that contains the exit at row 4, column 1, found a lair of 3 rows and 3 columns\n"
    );
    assert_eq!(r.code, 2);
}

#[test]
fn bad_options_are_usage_errors() {
    for args in [
        &["solve", "holedox", "--exit", "0,1"][..],
        &["solve", "holedox", "--exit", "x"][..],
        &["solve", "holedox", "--tail-rule", "loose"][..],
    ] {
        let r = run(args, "");
        assert_eq!(r.code, 2, "{args:?}");
        assert!(r.stderr.contains("error"), "{args:?}: {}", r.stderr);
    }
}

#[test]
fn earlier_cases_are_answered_before_an_error() {
    let input = "3 3 2\n2 2\n2 3\n0\n4 4 2\n1 1\n9 9\n0\n0 0 0\n";
    let r = run(&["solve", "holedox"], input);
    assert_eq!(r.stdout, "Case 1: 2\n");
    assert_eq!(
        r.stderr,
        "gridpuzzle: case 2, line 7, column 1: expected the row of body segment 2 (1 to 4), found `9`\n"
    );
    assert_eq!(r.code, 2);
    // A missing terminator is reported after every complete case.
    let r = run(&["solve", "holedox"], "3 3 2\n2 2\n2 3\n0\n");
    assert_eq!(r.stdout, "Case 1: 2\n");
    assert!(
        r.stderr
            .contains("the terminator `0 0 0`, found end of input"),
        "{}",
        r.stderr
    );
    assert_eq!(r.code, 2);
}

#[test]
fn help_explains_with_an_example() {
    let r = run(&["solve", "holedox", "--help"], "");
    assert_eq!(r.code, 0);
    for needle in ["--exit", "--tail-rule", "lenient", "Example", "0 0 0"] {
        assert!(
            r.stdout.contains(needle),
            "help lacks {needle}: {}",
            r.stdout
        );
    }
}
