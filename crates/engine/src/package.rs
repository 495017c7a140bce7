//! What a puzzle puts into a contest problem package besides its tests
//! ([`crate::caps::JudgeKit::PACKAGE`]): the statement, the validators and the
//! submissions, as source text.
//!
//! A problem package (the ICPC / Kattis problem package format, which
//! DOMjudge and Kattis import and BAPCtools checks) is read on a judge
//! host that does not have `gridpuzzle`: everything in it must be source
//! that the host builds itself. So the validators and the submissions are
//! not generated from the solvers here; each puzzle crate keeps them as
//! plain files (a Python validator, C++ programs) embedded with
//! `include_str!`, each with a header comment saying what it is. The
//! tests are the judge kit's (`gridpuzzle testset`), and the writing of
//! the package is the judge kit's too (`gridpuzzle_judge::package`),
//! written once for every puzzle.

/// A file of a package: its path under its folder, and its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackageFile {
    /// The path under the folder the file belongs in (`accepted/reference.cpp`
    /// under `submissions/`).
    pub path: &'static str,
    pub text: &'static str,
}

/// The parts of a puzzle's problem package that are the puzzle's own.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PackageInfo {
    /// Where the problem comes from, for `problem.yaml`'s `source`.
    pub source: &'static str,
    /// The statement in LaTeX, as BAPCtools' `problem.en.tex` holds it
    /// (`\problemname{}` first; the name comes from `problem.yaml`, the
    /// samples from `data/sample`).
    pub statement: &'static str,
    /// The input validator (Python 3): a test input on standard input,
    /// exit 42 when valid and 43 when not.
    pub input_validator: &'static str,
    /// The answer validator (Python 3): the input's path as the first
    /// argument, the answer on standard input, exit 42 or 43.
    pub answer_validator: &'static str,
    /// Inputs that break the format's rules beyond what BAPCtools' own
    /// malformed variants try (a size out of bounds, a second start), for
    /// `data/invalid_input/`: the input validator must reject each.
    pub invalid_inputs: &'static [PackageFile],
    /// The submissions, each under the folder of its expected verdict
    /// (`accepted/`, `wrong_answer/`, `time_limit_exceeded/`).
    pub submissions: &'static [PackageFile],
    /// The generators' sources, as paths under the package (`generators/…`; the kit writes
    /// `generators/generators.yaml` itself, calling them).
    pub generators: &'static [PackageFile],
    /// Tests of the test set that a shipped generator makes, by the
    /// test's name, with its command line in `generators.yaml`
    /// (`explodes.py`); the other tests are copied there from
    /// `generators/testset/`.
    pub generated: &'static [(&'static str, &'static str)],
    /// Tests beyond the test set, numbered after its last: the worst case
    /// the time limit is set on, where the test set lacks it.
    pub extra_tests: &'static [PackageTest],
    /// The intended solution (the contest write-up's algorithm, in C++),
    /// as a path under `submissions/`: the time limit is set from it.
    pub intended: &'static str,
    /// The intended solution's CPU time on the package's slowest test, in
    /// seconds (measured; `measured_by` says how).
    pub intended_seconds: f64,
    /// The slowest port of the intended solution (Python under PyPy,
    /// Java) on that test, as a multiple of the C++ time, rounded up: the
    /// limit leaves room for it (see `gridpuzzle_judge::package`).
    pub port_ratio: f64,
    /// How the times were measured: the commands and the numbers.
    pub measured_by: &'static str,
}

/// A test a package holds beyond the test set: its name, what it is for,
/// its input and answer, and the generator command that makes its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackageTest {
    pub name: &'static str,
    pub about: &'static str,
    pub input: &'static str,
    pub answer: &'static str,
    /// Its command line in `generators.yaml` (`worst.py 100`).
    pub generate: &'static str,
}
