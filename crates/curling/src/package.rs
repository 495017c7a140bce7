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

/// 101 datasets, one more than the judges allow.
const DATASETS_101: &str = "2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n2 1\n2 3\n0 0\n";

const fn invalid(name: &'static str, text: &'static str) -> PackageFile {
    PackageFile { path: name, text }
}

pub const PACKAGE: PackageInfo = PackageInfo {
    source: "ICPC Japan Domestic Contest 2006, problem D",
    statement: include_str!("../package/statement.tex"),
    input_validator: include_str!("../package/input_validator.py"),
    answer_validator: include_str!("../package/answer_validator.py"),
    invalid_inputs: &[
        invalid("width-21", "21 1\n2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3\n0 0\n"),
        invalid("width-1", "1 2\n2\n3\n0 0\n"),
        invalid("height-0", "2 0\n0 0\n"),
        invalid(
            "height-21",
            "2 21\n2 3\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n0 0\n",
        ),
        invalid("code-4", "3 1\n2 4 3\n0 0\n"),
        invalid("two-starts", "3 1\n2 2 3\n0 0\n"),
        invalid("no-goal", "3 1\n2 0 0\n0 0\n"),
        invalid("row-too-short", "3 2\n2 0 3\n0 0\n0 0\n"),
        invalid("row-split", "3 1\n2 0\n3\n0 0\n"),
        invalid("height-before-width", "1 3\n2\n0\n3\n0 0\n"),
        invalid("no-dataset", "0 0\n"),
        invalid("blank-line", "3 1\n2 0 3\n\n0 0\n"),
        invalid("101-datasets", DATASETS_101),
    ],
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
