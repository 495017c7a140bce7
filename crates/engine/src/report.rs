//! The JSON record of one solved case, shared by `solve --format json` and
//! the web API so both speak the same objects:
//!
//! ```json
//! {"case":1,"answer":4,"outcome":"solved","moves":"RDLU","stats":{"expanded":9,"generated":36,"millis":0.003}}
//! ```
//! `outcome` is `solved`, `unsolvable` (`answer` -1, `moves` empty) or
//! `limit` (`answer` null, with a `reason`).
//!
//! Beside it, the records of a generated case ([`generated_json`]) and of
//! a watched search (`trace`: [`compared_json`], [`traced_end_json`]).

use serde::Serialize;
use serde_json::json;

use crate::moves::{plan_string, Move};
use crate::search::{Outcome, Search};

/// The record of case `n`.
pub fn search_json<M: Move>(n: u64, found: &Search<M>) -> serde_json::Value {
    serde_json::to_value(SearchRecord::new(n, found)).expect("a record serializes")
}

/// The record of case `n` as a type, which serializes to the same text as
/// [`search_json`]'s value without building it: what a long answer of
/// tiny cases writes (the API's `solve`: building and dropping a map per
/// case was most of its time on 5,000 small lairs).
#[derive(Debug, Clone, Serialize)]
pub struct SearchRecord {
    case: u64,
    /// The number of moves; -1 when unsolvable; null at a limit.
    answer: Option<i64>,
    outcome: &'static str,
    moves: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    stats: RecordStats,
}

#[derive(Debug, Clone, Serialize)]
struct RecordStats {
    expanded: u64,
    generated: u64,
    millis: f64,
}

impl SearchRecord {
    pub fn new<M: Move>(n: u64, found: &Search<M>) -> SearchRecord {
        let (answer, outcome, moves, reason) = match &found.outcome {
            Outcome::Solved(moves) => {
                (Some(moves.len() as i64), "solved", plan_string(moves), None)
            }
            Outcome::Unsolvable => (Some(-1), "unsolvable", String::new(), None),
            Outcome::Limit(hit) => (None, "limit", String::new(), Some(hit.to_string())),
        };
        SearchRecord {
            case: n,
            answer,
            outcome,
            moves,
            reason,
            stats: RecordStats {
                expanded: found.stats.expanded,
                generated: found.stats.generated,
                millis: millis(found.stats.elapsed),
            },
        }
    }
}

/// A duration in milliseconds to the microsecond (`0.021`, never
/// `0.021000000000000001`).
pub fn millis(d: std::time::Duration) -> f64 {
    d.as_micros() as f64 / 1000.0
}

/// The record of generated case `n` (`generate --format json` and the
/// API's `/api/generate` alike): its judge text with the terminator, the
/// answer, an optimal plan and the difficulty record.
pub fn generated_json<M: Move>(
    n: u64,
    text: &str,
    terminator: &str,
    plan: &[M],
    d: &crate::generate::Difficulty,
) -> serde_json::Value {
    json!({
        "case": n,
        "input": format!("{text}{terminator}"),
        "answer": d.optimum,
        "moves": plan_string(plan),
        "difficulty": {
            "optimum": d.optimum,
            "optimal_first_moves": d.optimal_first_moves,
            "expanded": d.expanded,
        },
    })
}

/// The record of one search of `trace --compare --format json` on case
/// `case`: its answer checked against the exact solver's, its tally with
/// the prunes by name, its peaks and its time (`refused` when the search
/// could not take the case).
pub fn compared_json(case: u64, run: &crate::trace::Run) -> serde_json::Value {
    use crate::trace::Prune;
    let t = &run.tally;
    let mut doc = json!({
        "case": case,
        "algorithm": run.algorithm,
        "answer": run.traced.answer,
        "correct": run.correct(),
        "exact": run.exact,
        "limit": run.limit,
        "expanded": t.expanded,
        "generated": t.generated,
        "pruned": {
            "visited": t.pruned(Prune::Visited),
            "bound": t.pruned(Prune::Bound),
            "cap": t.pruned(Prune::Cap),
            "dead-end": t.pruned(Prune::DeadEnd),
        },
        "goals": t.goals,
        "iterations": t.iterations,
        "peak_frontier": run.traced.peak_frontier,
        "peak_stored": run.traced.peak_stored,
        "by_depth": t.by_depth,
        "ms": (run.elapsed.as_secs_f64() * 1e6).round() / 1e3,
    });
    // Only when true: a search that refused the case (its `limit` says
    // why) is not one whose budget ran out.
    if run.refused {
        doc["refused"] = json!(true);
    }
    doc
}

/// The last line of a `trace` on case `case`: the answer and the totals,
/// of which the first `written` events were written, and whether the
/// trace was cut there.
pub fn traced_end_json(case: u64, run: &crate::trace::Run, written: u64) -> serde_json::Value {
    json!({
        "end": true,
        "case": case,
        "algorithm": run.algorithm,
        "answer": run.traced.answer,
        "correct": run.correct(),
        "limit": run.limit,
        "expanded": run.tally.expanded,
        "generated": run.tally.generated,
        "events": run.tally.events,
        "written": written,
        "cut": run.cut,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Issue 15: `millis` carried float noise such as `0.021000000000000001`.
    #[test]
    fn millis_have_no_float_noise() {
        for (nanos, text) in [
            (21_000, "0.021"),
            (21_999, "0.021"),
            (1_234_567_891, "1234.567"),
            (100_000, "0.1"),
            (0, "0.0"),
        ] {
            let v = serde_json::json!(millis(Duration::from_nanos(nanos)));
            assert_eq!(v.to_string(), text);
        }
    }
}
