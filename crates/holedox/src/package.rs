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

pub const PACKAGE: PackageInfo = PackageInfo {
    source: "ICPC Asia Regional Contest, Beijing 2002",
    statement: include_str!("../package/statement.tex"),
    input_validator: include_str!("../package/input_validator.py"),
    answer_validator: include_str!("../package/answer_validator.py"),
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
