//! The parts of Holedox's contest problem package that are Holedox's own
//! (`gridpuzzle package holedox DIR`): the statement, the validators and
//! the submissions, kept as plain files under `crates/holedox/package/`
//! (a judge host builds them; it has no `gridpuzzle`), each with a header
//! comment saying what it is. The judge kit writes the package and its
//! tests (see `gridpuzzle_judge::package`).
//!
//! The submissions: the intended solution (the contest write-up's
//! breadth-first search over the head and the 2-bit directions of the
//! body) in C++, Python and Java, which set the time limit on the timing
//! test (`naive-search-explodes`, made by `generators/explodes.py`: the
//! most cells the statement allows, bodies of 8, every position visited);
//! a faster reference (a flood fill first decides the lairs whose exit
//! the head can never reach); one program per known wrong reading (the
//! head into the tail's cell, the exit at the far corner, positions kept
//! from the case before); and the search without a visited set, the one
//! truly worse in complexity (every path, not every position).

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
        source!("accepted/intended.cpp"),
        source!("accepted/intended.py"),
        source!("accepted/Intended.java"),
        source!("accepted/reference.cpp"),
        source!("wrong_answer/tail_enter.cpp"),
        source!("wrong_answer/exit_far.cpp"),
        source!("wrong_answer/state_kept.cpp"),
        source!("time_limit_exceeded/no_visited.cpp"),
    ],
    generators: &[source!("generators/explodes.py")],
    generated: &[("naive-search-explodes", "explodes.py")],
    extra_tests: &[],
    intended: "accepted/intended.cpp",
    intended_seconds: 0.52,
    port_ratio: 5.0,
    measured_by: "`bt run -a` on the package of seed 1, `gridpuzzle package holedox` and \
        `bench/package-times holedox` (BENCHMARKS.md): `accepted/intended.cpp` takes 0.52 s \
        of CPU time on `naive-search-explodes` (20 lairs of 20x20, bodies of 8, every \
        position visited), its PyPy port 1.87 to 2.38 s (3.6 to 4.6 times, so 5) and its Java \
        port 0.78 to 0.91 s; 2-core machine under load (load average 7 to 11), 2026-12-05",
};
