//! `POST /api/verify`: the verdict on each case's plan, with the line
//! `gridpuzzle verify` prints for it.
//!
//! The plans are one per case, `null` or `"-"` to skip one; the verdicts,
//! lines and records are the engine's ([`Tally`], [`checked_json`]), so
//! the command line and the API cannot word a verdict two ways.

use std::sync::Arc;

use axum::extract::State;
use axum::response::Response;
use gridpuzzle_engine::check::{bad_letter, checked_json, read_plan, Checked, Plan, Tally};
use gridpuzzle_engine::Puzzle;
use gridpuzzle_registry::Visit;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use crate::options::{Bounds, LimitsAnswer, Options};
use crate::reading::cases;
use crate::request::{given, Body, Input, PuzzleName};
use crate::{dispatch, ApiError, App, Ctx, Job, Reply, Slot};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct VerifyRequest {
    #[serde(default, deserialize_with = "given")]
    puzzle: Option<PuzzleName>,
    #[serde(default, deserialize_with = "given")]
    input: Option<Input>,
    #[serde(default)]
    options: Options,
    #[serde(default, deserialize_with = "given")]
    plans: Option<Plans>,
}

const PLANS_SHAPE: &str =
    "`plans` must be an array with one string of moves per case (null or \"-\" skips a case)";

/// `plans`: one string of moves per case, or `null`; read as the
/// puzzle's moves once the puzzle is known.
struct Plans(Vec<Option<String>>);

impl<'de> Deserialize<'de> for Plans {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Plans, D::Error> {
        let Value::Array(items) = Value::deserialize(d)? else {
            return Err(D::Error::custom(PLANS_SHAPE));
        };
        items
            .into_iter()
            .map(|item| match item {
                Value::Null => Ok(None),
                Value::String(s) => Ok(Some(s)),
                _ => Err(D::Error::custom(PLANS_SHAPE)),
            })
            .collect::<Result<_, _>>()
            .map(Plans)
    }
}

impl Plans {
    /// Each plan as moves of `P`, or the first bad letter.
    fn read<P: Puzzle>(&self) -> Result<Vec<Plan<P::Move>>, ApiError> {
        self.0
            .iter()
            .enumerate()
            .map(|(i, plan)| match plan {
                None => Ok(Plan::Skip),
                Some(line) => read_plan(line).map_err(|(index, c)| {
                    ApiError::bad(bad_letter::<P::Move>(
                        &format!("plans, line {}", i + 1),
                        index,
                        c,
                    ))
                }),
            })
            .collect()
    }
}

#[derive(Serialize)]
struct VerifyAnswer {
    results: Vec<Value>,
    summary: String,
    limits: LimitsAnswer,
}

pub(crate) async fn handler(
    State(app): State<Arc<App>>,
    Body(req): Body<VerifyRequest>,
) -> Response {
    app.call(Slot::Search, |ctx| {
        dispatch(PuzzleName::required(req.puzzle)?, Verify { req, ctx })
    })
    .await
}

struct Verify<'a> {
    req: VerifyRequest,
    ctx: &'a Ctx,
}

impl Visit for Verify<'_> {
    type Output = Result<Job, ApiError>;

    fn visit<P: Puzzle>(self, _: P) -> Result<Job, ApiError> {
        let puzzle: P = self.req.options.puzzle()?;
        let bounds = self.req.options.bounds(&self.ctx.config);
        let input = Input::required(self.req.input)?;
        let plans = match &self.req.plans {
            Some(plans) => plans.read::<P>()?,
            None => return Err(ApiError::bad(PLANS_SHAPE)),
        };
        Ok(Box::new(move |ctx| {
            let (results, tally) = verify_all(&puzzle, &input, &plans, bounds, ctx)?;
            Reply::json(&VerifyAnswer {
                results,
                summary: tally.summary(),
                limits: bounds.answer(),
            })
        }))
    }
}

fn verify_all<P: Puzzle>(
    puzzle: &P,
    input: &str,
    plans: &[Plan<P::Move>],
    bounds: Bounds,
    ctx: &Ctx,
) -> Result<(Vec<Value>, Tally), ApiError> {
    let mut tally = Tally::default();
    let mut results = Vec::new();
    for (i, case) in cases(puzzle, input).enumerate() {
        let n = i + 1;
        let case = case.map_err(|e| ApiError::bad(e.to_string()))?;
        let checked = match plans.get(i) {
            None => Checked::Missing { plans: plans.len() },
            Some(Plan::Skip) => Checked::Skipped,
            Some(Plan::Moves(moves)) => {
                Checked::Judged(puzzle.verify(&case, moves, &bounds.limits(ctx)))
            }
        };
        let line = tally.line::<P>(n, &checked);
        results.push(checked_json(n, &checked, line));
    }
    Ok((results, tally))
}
