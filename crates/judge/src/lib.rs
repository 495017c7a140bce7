//! The judge kit of gridpuzzle, as a library: what `gridpuzzle stress`,
//! `judge`, `check`, `testset` and `package` do, apart from their command
//! lines and their printing (which stay in the binary).
//!
//! The crate never names a puzzle: everything here is generic over any
//! registered puzzle ([`gridpuzzle_registry::Registered`]: the engine's
//! core contract and the capabilities its registry line declares), so a
//! new puzzle is judged, stressed and given test sets without a change
//! here. What needs more than the core asks the puzzle's capabilities (a
//! generator for `stress` and test sets; the judge kit's limits,
//! validator, edge cases, wrong readings and package files where it has
//! one), and a puzzle without a capability it needs is told so.
//!
//! - [`run`]: the one runner of programs we do not trust: a process group
//!   of their own, capped pipes, a wall clock, kernel limits through a
//!   helper process, and a run's end in one enum;
//! - [`checker`]: the one output checker of `check`, `judge` and `stress`,
//!   reading an output line by line against the judge's lines;
//! - [`folder`]: a test folder's tests (Polygon's and online-judge-tools'
//!   layouts), each made ready with its cases and answers;
//! - [`package`]: a contest problem package (the ICPC format BAPCtools,
//!   DOMjudge and Kattis read): the test set, the statement, validators
//!   and submissions as source, a calibrated time limit;
//! - [`judge`]: a program judged on those tests: each run's
//!   [`judge::RunVerdict`] (AC, WA, PE, TLE, MLE, RE, OLE) with its reason,
//!   the tests run in parallel with their verdicts in order, and the first
//!   wrong answer diagnosed;
//! - [`scan`]: the first failure in order, tried on several threads
//!   through the engine's ordered pool (`stress --jobs`);
//! - [`stress`]: another program against the solver on generated inputs,
//!   the first failing input found, saved, shrunk and explained;
//! - [`testset`]: a judge test set made and written, every case proved,
//!   validated, and chosen so that every known wrong reading fails.

pub mod checker;
pub mod folder;
pub mod judge;
pub mod package;
pub mod run;
pub mod scan;
pub mod stress;
pub mod testset;
