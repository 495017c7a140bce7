//! `solve` (the server's `POST /api/solve`): every case of a judge input
//! solved, one `solve --format json` record per case ([`SearchRecord`]), and the
//! bounds the searches ran under.
//!
//! The first bad case ends the request with a 400 and the parser's
//! message (the cases before it are not returned: a script should fix its
//! input).

use gridpuzzle_engine::report::SearchRecord;
use gridpuzzle_registry::Registered;
use serde::Serialize;
use serde_json::value::RawValue;

use crate::job::{Job, Work};
use crate::options::{LimitsAnswer, SearchBounds};
use crate::reading::{cases, gone, ParseBudget};
use crate::setup::{self, on_input, Own, Setup};
use crate::{raw, Answer, ApiError, Ctx};

on_input! {
    /// A `solve` request: `puzzle`, `input`, `options`.
    pub struct SolveRequest => Solve {}
}

#[derive(Serialize)]
struct SolveAnswer {
    results: Vec<Box<RawValue>>,
    limits: LimitsAnswer,
}

/// `solve`: the request checked for its puzzle; its job is a search.
pub fn check(req: SolveRequest, ctx: &Ctx) -> Result<Job, ApiError> {
    setup::check(req, ctx)
}

impl Own for Solve {
    fn work<P: Registered>(self, s: Setup<P>) -> Result<Work, ApiError> {
        Ok(Box::new(move |ctx| {
            let results = solve_all(&s.puzzle, &s.input, s.bounds, ctx)?;
            Answer::json(&SolveAnswer {
                results,
                limits: s.bounds.answer(),
            })
        }))
    }
}

fn solve_all<P: Registered>(
    puzzle: &P,
    input: &str,
    bounds: SearchBounds,
    ctx: &Ctx,
) -> Result<Vec<Box<RawValue>>, ApiError> {
    let mut results = Vec::new();
    let mut budget = ParseBudget::default();
    for (i, case) in cases(puzzle, input).enumerate() {
        gone(ctx)?;
        let case = case?;
        budget.charge::<P>(&case, i as u64 + 1)?;
        let found = puzzle.solve(&case, &bounds.limits(ctx));
        // Kept as its text: a request of 100,000 tiny cases holds 100,000
        // records, and a record's text is a tenth of its tree's size.
        results.push(raw(&SearchRecord::new(i as u64 + 1, &found))?);
    }
    Ok(results)
}
