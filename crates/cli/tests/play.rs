//! `gridpuzzle play` from outside: its help, and its errors before any
//! terminal is touched. (The screens themselves are tested by the
//! `gridpuzzle-tui` crate's unit tests, against ratatui's test backend.)

mod common;

use common::{run, sample};

#[test]
fn help_explains_the_keys_and_the_save_format() {
    let r = run(&["play", "--help"], "");
    assert_eq!(r.code, 0);
    for needle in [
        "u (Ctrl-Z) undo",
        "h hint",
        "Enter",
        "gridpuzzle-save 1",
        "moves RDLU",
        "gridpuzzle play --load snake.save",
        "--seed",
    ] {
        assert!(
            r.stdout.contains(needle),
            "help lacks {needle}: {}",
            r.stdout
        );
    }
}

#[test]
fn without_a_terminal_it_says_so() {
    let file = sample("curling.in");
    let r = run(
        &["play", "curling", file.to_str().unwrap(), "--case", "2"],
        "",
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "gridpuzzle: play needs a terminal: standard output is not one\n"
    );
}

#[test]
fn usage_errors_come_first() {
    let file = sample("curling.in");
    let file = file.to_str().unwrap();
    let cases = [
        (vec!["play"], "name a puzzle"),
        (
            vec!["play", "curling", file, "--seed", "3"],
            "give either FILE or --seed",
        ),
        (
            vec!["play", "curling", file, "--case", "9"],
            "has only 6 datasets",
        ),
        (
            vec!["play", "curling", "--seed", "1", "--answer", "11..12"],
            // `generate`'s words: one check of a generator request.
            "no board needs 11 throws under a cap of 10: raise --max-throws or lower --answer",
        ),
        (
            vec!["play", "curling", "--seed", "1", "--len", "3"],
            "--len is the length",
        ),
    ];
    for (args, needle) in cases {
        let r = run(&args, "");
        assert_eq!(r.code, 2, "{args:?}");
        assert!(r.stderr.contains(needle), "{args:?}: {}", r.stderr);
    }
}
