//! The parts of Holedox's contest problem package that are Holedox's own
//! (`gridpuzzle package holedox DIR`): the statement, the validators and
//! the submissions, kept as plain files under `crates/holedox/package/`
//! (a judge host builds them; it has no `gridpuzzle`), each with a header
//! comment saying what it is. The judge kit writes the package and its
//! tests (see `gridpuzzle_judge::package`).
//!
//! The submissions: the reference solution (a breadth-first search over
//! the snake's positions, after a flood fill that decides the lairs whose
//! exit the head can never reach), one program per known wrong reading
//! (the head into the tail's cell, the exit at the far corner, positions
//! kept from the case before), and the contest write-up's plain
//! breadth-first search, which the timing test (`naive-search-explodes`,
//! see `presets.rs`) stops.

use gridpuzzle_engine::package::{PackageFile, PackageInfo};

macro_rules! source {
    ($path:literal) => {
        PackageFile {
            path: $path,
            text: include_str!(concat!("../package/", $path)),
        }
    };
}

const fn invalid(name: &'static str, text: &'static str) -> PackageFile {
    PackageFile { path: name, text }
}

pub const PACKAGE: PackageInfo = PackageInfo {
    source: "ICPC Asia Regional Contest, Beijing 2002",
    statement: include_str!("../package/statement.tex"),
    input_validator: include_str!("../package/input_validator.py"),
    answer_validator: include_str!("../package/answer_validator.py"),
    invalid_inputs: &[
        invalid("n-21", "21 1 2\n1 1\n2 1\n0\n0 0 0\n"),
        invalid("m-0", "1 0 2\n1 1\n1 2\n0\n0 0 0\n"),
        invalid("body-of-1", "2 2 1\n1 1\n0\n0 0 0\n"),
        invalid(
            "body-of-9",
            "1 9 9\n1 1\n1 2\n1 3\n1 4\n1 5\n1 6\n1 7\n1 8\n1 9\n0\n0 0 0\n",
        ),
        invalid("segment-outside", "2 2 2\n2 2\n2 3\n0\n0 0 0\n"),
        invalid("body-not-adjacent", "3 3 2\n1 1\n2 2\n0\n0 0 0\n"),
        invalid("body-crosses-itself", "3 3 3\n2 2\n2 3\n2 2\n0\n0 0 0\n"),
        invalid("stone-on-body", "3 3 2\n2 2\n2 3\n1\n2 3\n0 0 0\n"),
        invalid("stone-on-exit", "3 3 2\n2 2\n2 3\n1\n1 1\n0 0 0\n"),
        invalid("stone-twice", "3 3 2\n2 2\n2 3\n2\n3 3\n3 3\n0 0 0\n"),
        invalid("too-few-stones", "3 3 2\n2 2\n2 3\n2\n3 3\n0 0 0\n"),
        invalid("no-case", "0 0 0\n"),
        invalid("two-blank-lines", "3 3 2\n2 2\n2 3\n0\n\n\n0 0 0\n"),
        invalid("blank-line-first", "\n3 3 2\n2 2\n2 3\n0\n0 0 0\n"),
        invalid("blank-line-in-body", "3 3 2\n2 2\n\n2 3\n0\n0 0 0\n"),
    ],
    submissions: &[
        source!("accepted/reference.cpp"),
        source!("wrong_answer/tail_enter.cpp"),
        source!("wrong_answer/exit_far.cpp"),
        source!("wrong_answer/state_kept.cpp"),
        source!("time_limit_exceeded/plain_bfs.cpp"),
    ],
    accepted_seconds: 0.020,
    measured_by: "`gridpuzzle package holedox holedox && cd holedox && bt run`: the line of \
        `accepted/reference.cpp` shows its slowest test (0.020 s at `secret/05-body-of-8`; \
        2-core machine under load, 2026-12-02)",
};
