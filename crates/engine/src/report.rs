//! The JSON record of one solved case, shared by `solve --format json` and
//! the web API so both speak the same objects:
//!
//! ```json
//! {"case":1,"answer":4,"outcome":"solved","moves":"RDLU","stats":{"expanded":9,"generated":36,"millis":0.003}}
//! ```
//! `outcome` is `solved`, `unsolvable` (`answer` -1, `moves` empty) or
//! `limit` (`answer` null, with a `reason`).

use serde_json::json;

use crate::moves::{plan_string, Move};
use crate::search::{Outcome, Search};

/// The record of case `n`.
pub fn search_json<M: Move>(n: u64, found: &Search<M>) -> serde_json::Value {
    let stats = json!({
        "expanded": found.stats.expanded,
        "generated": found.stats.generated,
        "millis": millis(found.stats.elapsed),
    });
    match &found.outcome {
        Outcome::Solved(moves) => json!({
            "case": n, "answer": moves.len(), "outcome": "solved",
            "moves": plan_string(moves), "stats": stats,
        }),
        Outcome::Unsolvable => json!({
            "case": n, "answer": -1, "outcome": "unsolvable", "moves": "", "stats": stats,
        }),
        Outcome::Limit(hit) => json!({
            "case": n, "answer": null, "outcome": "limit", "moves": "",
            "reason": hit.to_string(), "stats": stats,
        }),
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
