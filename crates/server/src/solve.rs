//! `POST /api/solve`: every case of a judge input solved, one `solve
//! --format json` record per case ([`search_json`]), and the bounds the
//! searches ran under.
//!
//! The first bad case ends the request with a 400 and the parser's
//! message (the cases before it are not returned: a script should fix its
//! input).

use gridpuzzle_registry::Registered;
use std::sync::Arc;

use axum::extract::State;
use axum::response::Response;
use gridpuzzle_engine::report::search_json;
use gridpuzzle_registry::Visit;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::options::{Bounds, LimitsAnswer, Options};
use crate::reading::{cases, gone, ParseBudget};
use crate::request::{given, Body, Input, PuzzleName};
use crate::{dispatch, raw, ApiError, App, Ctx, Job, Reply, Slot};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SolveRequest {
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

pub(crate) async fn handler(
    State(app): State<Arc<App>>,
    Body(req): Body<SolveRequest>,
) -> Response {
    app.call(Slot::Search, |ctx| {
        dispatch(PuzzleName::required(req.puzzle)?, Solve { req, ctx })
    })
    .await
}

struct Solve<'a> {
    req: SolveRequest,
    ctx: &'a Ctx,
}

impl Visit for Solve<'_> {
    type Output = Result<Job, ApiError>;

    fn visit<P: Registered>(self, _: P) -> Result<Job, ApiError> {
        let puzzle: P = self.req.options.puzzle()?;
        let bounds = self.req.options.bounds(&self.ctx.config);
        let input = Input::required(self.req.input)?;
        Ok(Box::new(move |ctx| {
            let results = solve_all(&puzzle, &input, bounds, ctx)?;
            Reply::json(&SolveAnswer {
                results,
                limits: bounds.answer(),
            })
        }))
    }
}

fn solve_all<P: Registered>(
    puzzle: &P,
    input: &str,
    bounds: Bounds,
    ctx: &Ctx,
) -> Result<Vec<Box<RawValue>>, ApiError> {
    let mut results = Vec::new();
    let mut budget = ParseBudget::default();
    for (i, case) in cases(puzzle, input).enumerate() {
        gone(ctx)?;
        let case = case.map_err(|e| ApiError::bad(e.to_string()))?;
        budget.charge::<P>(&case, i as u64 + 1)?;
        let found = puzzle.solve(&case, &bounds.limits(ctx));
        // Kept as its text: a request of 100,000 tiny cases holds 100,000
        // records, and a record's text is a tenth of its tree's size.
        results.push(raw(&search_json(i as u64 + 1, &found))?);
    }
    Ok(results)
}
