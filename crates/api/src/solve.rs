//! `solve` (the server's `POST /api/solve`): every case of a judge input
//! solved, one `solve --format json` record per case ([`search_json`]), and the
//! bounds the searches ran under.
//!
//! The first bad case ends the request with a 400 and the parser's
//! message (the cases before it are not returned: a script should fix its
//! input).

use gridpuzzle_registry::Registered;

use gridpuzzle_engine::report::search_json;
use gridpuzzle_registry::Visit;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::endpoint::{dispatch, Job, Slot, Work};
use crate::options::{LimitsAnswer, Options, SearchBounds};
use crate::reading::{cases, gone, ParseBudget};
use crate::request::{given, Input, PuzzleName};
use crate::{raw, Answer, ApiError, Ctx};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    #[serde(default, deserialize_with = "given")]
    puzzle: Option<PuzzleName>,
    #[serde(default, deserialize_with = "given")]
    input: Option<Input>,
    #[serde(default)]
    options: Options,
}

#[derive(Serialize)]
struct SolveAnswer {
    results: Vec<Box<RawValue>>,
    limits: LimitsAnswer,
}

/// `solve`: the request checked for its puzzle, as a search.
pub fn check(req: SolveRequest, ctx: &Ctx) -> Result<Job, ApiError> {
    let work = dispatch(PuzzleName::required(req.puzzle)?, Solve { req, ctx })?;
    Ok(Job::new(Slot::Search, work))
}

struct Solve<'a> {
    req: SolveRequest,
    ctx: &'a Ctx,
}

impl Visit for Solve<'_> {
    type Output = Result<Work, ApiError>;

    fn visit<P: Registered>(self, _: P) -> Result<Work, ApiError> {
        let puzzle: P = self.req.options.puzzle()?;
        let bounds = self.req.options.bounds(&self.ctx.bounds);
        let input = Input::required(self.req.input)?;
        Ok(Box::new(move |ctx| {
            let results = solve_all(&puzzle, &input, bounds, ctx)?;
            Answer::json(&SolveAnswer {
                results,
                limits: bounds.answer(),
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
        results.push(raw(&search_json(i as u64 + 1, &found))?);
    }
    Ok(results)
}
