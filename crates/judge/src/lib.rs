//! The judge kit of gridpuzzle, as a library: what `gridpuzzle stress`,
//! `judge`, `check`, `validate`, `testset` and `package` do, apart from
//! their command lines and where their output goes (which stay in the
//! binary, but for the conventions of the judging systems that call a
//! checker: [`form`]). The kit words its own reports — the lines a person reads and
//! the JSON documents (`--format json`) a program reads — beside the work
//! they report, so a finding, a verdict or a failure has one set of words
//! whatever front end shows it.
//!
//! The crate never names a puzzle: everything here is generic over any
//! registered puzzle ([`gridpuzzle_registry::Registered`]: the engine's core
//! contract and the capabilities its registry line declares, its judge kit
//! and its generator among them), so a new puzzle is judged, stressed and
//! given test sets without a change here.
//!
//! - [`run`]: the one runner of programs we do not trust: a process group
//!   of their own, capped pipes, a wall clock, kernel limits through a
//!   helper process, every descendant killed and reaped before a result
//!   (`reap`: subreapers, and why not a PID namespace or a cgroup), and a
//!   run's end in one enum;
//! - [`check`]: one output file checked against one input, as `check`
//!   does, with its report; [`form`]: who called the checker (a person,
//!   testlib and Polygon, or a DOMjudge or Kattis output validator), which
//!   of its files is which and where each wants the report;
//! - [`checker`]: the one output checker of `check`, `judge` and `stress`,
//!   reading an output line by line against the judge's lines;
//! - [`folder`]: a test folder's tests (Polygon's and online-judge-tools'
//!   layouts), each made ready with its cases and answers;
//! - [`package`]: a contest problem package (the ICPC format BAPCtools,
//!   DOMjudge and Kattis read): the test set, the statement, validators
//!   and submissions as source, a calibrated time limit, in the ICPC
//!   format or Kattis' legacy one; [`archive`] zips it for DOMjudge, with
//!   the statement as HTML from [`statement`] (a LaTeX subset, no TeX);
//! - [`judge`]: a program judged on those tests: each run's
//!   [`judge::RunVerdict`] (AC, WA, PE, TLE, MLE, RE, OLE) with its reason,
//!   the tests run in parallel with their verdicts in order, and the first
//!   wrong answer diagnosed; [`judge::report`] words the table, the summary,
//!   JSON and JUnit XML;
//! - [`submissions`]: a package's shipped submissions built and run on
//!   its tests, each verdict held against its folder's promise;
//! - [`scan`]: the first failure in order, tried on several threads
//!   through the engine's ordered pool (`stress --jobs`);
//! - [`stress`]: another program against the solver on generated inputs,
//!   the first failing input found, saved, shrunk and explained
//!   ([`stress::report`] words it);
//! - [`testset`]: a judge test set made and written, every case proved,
//!   validated, and chosen so that every known wrong reading fails;
//! - [`validate`]: test inputs checked against the judges' exact format
//!   and limits, every violation reported;
//! - [`read_capped`] and [`json_document`]: a file read within a cap, and
//!   a JSON report as the commands write it.

pub mod archive;
pub mod check;
pub mod checker;
pub mod folder;
pub mod form;
pub mod judge;
pub mod package;
mod reap;
pub mod run;
pub mod scan;
pub mod statement;
pub mod stress;
pub mod submissions;
pub mod testset;
pub mod validate;

/// A JSON report as the commands write it: pretty, with a final newline.
pub fn json_document(doc: &impl serde::Serialize) -> String {
    let mut text = serde_json::to_string_pretty(doc).unwrap_or_default();
    text.push('\n');
    text
}

/// Reads `reader` whole, up to `max` bytes: `described` names it in
/// messages (`the answers file tests/07.a`), and `more` follows the
/// message of a file too large.
pub fn read_capped(
    reader: impl std::io::Read,
    max: u64,
    described: &str,
    more: &str,
) -> anyhow::Result<Vec<u8>> {
    use anyhow::Context;
    use std::io::Read;
    let mut bytes = Vec::new();
    reader
        .take(max + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {described}"))?;
    if bytes.len() as u64 > max {
        anyhow::bail!("{described} is larger than {} MB{more}", max >> 20);
    }
    Ok(bytes)
}

/// The program of `--candidate 'CMD ARGS'` (`stress`, `judge`), split as
/// a shell splits it.
pub fn candidate_argv(candidate: &str) -> anyhow::Result<Vec<String>> {
    let argv = shell_words::split(candidate)
        .map_err(|e| anyhow::anyhow!("cannot split the candidate command {candidate:?}: {e}"))?;
    if argv.is_empty() {
        anyhow::bail!("--candidate needs a command, such as --candidate './my-solution'");
    }
    Ok(argv)
}
