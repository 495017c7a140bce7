//! `--explain` on the official samples, in ASCII, as snapshots.
//!
//! A snapshot change means the explanation a student reads changed: review
//! it (`INSTA_UPDATE=always cargo test` rewrites, then read the diff).

mod common;

use common::{read_sample, run};

#[test]
fn curling_sample_explained_in_ascii() {
    let r = run(
        &["solve", "curling", "--explain", "--ascii"],
        &read_sample("curling.in"),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        !r.stdout.contains('\x1b'),
        "no colour when stdout is not a terminal"
    );
    insta::assert_snapshot!("curling_sample_ascii", r.stdout);
}

#[test]
fn holedox_sample_explained_in_ascii() {
    let r = run(
        &["solve", "holedox", "--explain", "--ascii"],
        &read_sample("holedox.in"),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    insta::assert_snapshot!("holedox_sample_ascii", r.stdout);
    let lenient = run(
        &[
            "solve",
            "holedox",
            "--tail-rule",
            "lenient",
            "--explain",
            "--ascii",
        ],
        &read_sample("holedox.in"),
    );
    insta::assert_snapshot!("holedox_sample_lenient_ascii", lenient.stdout);
}

#[test]
fn unicode_is_the_default() {
    let r = run(&["solve", "curling", "--explain"], "2 1\n3 2\n0 0\n");
    assert!(
        r.stdout.contains('●') && r.stdout.contains('◎'),
        "{}",
        r.stdout
    );
    let r = run(
        &["solve", "holedox", "--explain"],
        &read_sample("holedox.in"),
    );
    for symbol in ['◉', '●', '○', '█', '◎'] {
        assert!(r.stdout.contains(symbol), "missing {symbol}: {}", r.stdout);
    }
}
