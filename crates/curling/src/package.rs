//! The parts of Curling's contest problem package that are Curling's own
//! (`gridpuzzle package curling DIR`): the statement, the validators and
//! the submissions, kept as plain files under `crates/curling/package/`
//! (a judge host builds them; it has no `gridpuzzle`), each with a header
//! comment saying what it is. The judge kit writes the package and its
//! tests (see `gridpuzzle_judge::package`).
//!
//! The submissions: the intended solution (the contest write-up's
//! depth-first search with the cap of 10 and the best answer so far as a
//! bound) in C++, Python and Java, which set the time limit on the
//! worst-case test (`generators/worst.py`: 100 boards whose goal no game
//! of 10 throws reaches, so the search walks its whole tree); a faster
//! reference (iterative deepening); one program per known wrong reading
//! (throws toward an adjacent block made, the best answer kept from the
//! dataset before); and the search without its cap, the one truly worse
//! in complexity (4^blocks throw sequences, not 4^10). The cap read as 12
//! is not shipped: it is wrong on the sample, and on the worst case it
//! ends within the band around the limit in which `bt run -a` calls a
//! submission sensitive to the limit and fails the package.

use gridpuzzle_engine::package::{PackageFile, PackageInfo, PackageTest};

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
        source!("accepted/intended.cpp"),
        source!("accepted/intended.py"),
        source!("accepted/Intended.java"),
        source!("accepted/reference.cpp"),
        source!("wrong_answer/adjacent_block.cpp"),
        source!("wrong_answer/state_kept.cpp"),
        source!("time_limit_exceeded/no_cap.cpp"),
    ],
    generators: &[source!("generators/worst.py")],
    generated: &[],
    extra_tests: &[PackageTest {
        name: "worst-case",
        about: "100 boards of 20x20 (the most datasets and the largest boards), each one whose \
            goal no game of 10 throws reaches, found by hill climbing on the intended search's \
            work: the intended search walks its whole tree of throws on each (the test the time \
            limit is set on)",
        input: include_str!("../package/worst-case.in"),
        answer: include_str!("../package/worst-case.ans"),
        generate: "worst.py 100",
    }],
    intended: "accepted/intended.cpp",
    intended_seconds: 1.39,
    port_ratio: 5.5,
    measured_by: "`bt run -a` and `bt time_limit` on the package of seed 1, `gridpuzzle \
        package curling` and `bench/package-times curling` (BENCHMARKS.md): \
        `accepted/intended.cpp` takes 1.35 to 1.39 s of CPU time on `worst-case`, its PyPy \
        port 4.09 to 7.17 s (2.9 to 5.2 times: PyPy's time varies most under load, so 5.5) \
        and its Java port 2.18 to 2.40 s; 2-core machine under load (load average 7 to 12), \
        2026-12-05",
};
