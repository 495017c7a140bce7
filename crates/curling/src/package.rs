//! The parts of Curling's contest problem package that are Curling's own
//! (`gridpuzzle package curling DIR`): the statement, the validators and
//! the submissions, kept as plain files under `crates/curling/package/`
//! (a judge host builds them; it has no `gridpuzzle`), each with a header
//! comment saying what it is. The judge kit writes the package and its
//! tests (see `gridpuzzle_judge::package`).
//!
//! The submissions: the reference solution (iterative deepening over the
//! throws), one program per known wrong reading (the cap read as 12,
//! throws toward an adjacent block made, the best answer kept from the
//! dataset before), and the contest write-up's exhaustive search, which
//! the timing test (`naive-search-explodes`, see `presets.rs`) stops.

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
    source: "ICPC Japan Domestic Contest 2006, problem D",
    statement: include_str!("../package/statement.tex"),
    input_validator: include_str!("../package/input_validator.py"),
    answer_validator: include_str!("../package/answer_validator.py"),
    submissions: &[
        source!("accepted/reference.cpp"),
        source!("wrong_answer/cap_12.cpp"),
        source!("wrong_answer/adjacent_block.cpp"),
        source!("wrong_answer/state_kept.cpp"),
        source!("time_limit_exceeded/naive_dfs.cpp"),
    ],
    accepted_seconds: 0.004,
    measured_by: "`gridpuzzle package curling curling && cd curling && bt run`: the line of \
        `accepted/reference.cpp` shows its slowest test (0.004 s at `secret/12-naive-search-explodes`; \
        2-core machine under load, 2026-12-02)",
};
