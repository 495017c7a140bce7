//! The JSON record of one solved case, shared by `solve --format json` and
//! the web API so both speak the same objects:
//!
//! ```json
//! {"case":1,"answer":4,"outcome":"solved","moves":"RDLU","stats":{"expanded":9,"generated":36,"millis":0.02}}
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
        "millis": found.stats.elapsed.as_secs_f64() * 1000.0,
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
