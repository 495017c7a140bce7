//! `verify` (the server's `POST /api/verify`): the verdict on each case's plan,
//! with the line `gridpuzzle verify` prints for it.
//!
//! The plans are one per case, `null` or `"-"` to skip one; the verdicts,
//! lines and records are the engine's ([`Tally`], [`checked_json`]), so
//! the command line and the API cannot word a verdict two ways.
//!
//! A plan longer than the puzzle's move cap is over the cap whatever it
//! holds, said before it is replayed; an uncapped plan is replayed only
//! within [`MAX_REPLAY_WORK`], since a
//! replay is the puzzle's own and does not stop halfway. Cases are charged
//! to the request's cell budget, and the loop stops once the client left.

use gridpuzzle_registry::Registered;

use gridpuzzle_engine::check::{bad_letter, checked_json, read_plan, Checked, Plan, Tally};
use gridpuzzle_engine::verdict::Verdict;
use gridpuzzle_registry::Visit;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::value::RawValue;

use crate::endpoint::{dispatch, Job, Slot, Work};
use crate::options::{LimitsAnswer, Options, SearchBounds};
use crate::reading::{cases, gone, replay_work, ParseBudget, MAX_REPLAY_WORK};
use crate::request::{given, Input, PuzzleName};
use crate::{raw, Answer, ApiError, Ctx};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VerifyRequest {
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
    /// Read item by item, never as a tree of values first: a megabyte of
    /// plans is a quarter of a million of them.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Plans, D::Error> {
        d.deserialize_any(Shape::<Plans>(std::marker::PhantomData))
    }
}

/// One item of `plans`: a string, or `null`.
struct PlanItem(Option<String>);

impl<'de> Deserialize<'de> for PlanItem {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PlanItem, D::Error> {
        d.deserialize_any(Shape::<PlanItem>(std::marker::PhantomData))
    }
}

/// Reads `plans` (an array) or one of its items (a string or `null`);
/// anything else is [`PLANS_SHAPE`].
struct Shape<T>(std::marker::PhantomData<T>);

impl<'de> serde::de::Visitor<'de> for Shape<Plans> {
    type Value = Plans;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(PLANS_SHAPE)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Plans, A::Error> {
        let mut plans = Vec::new();
        while let Some(PlanItem(plan)) = seq.next_element()? {
            plans.push(plan);
        }
        Ok(Plans(plans))
    }

    fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<Plans, E> {
        Err(E::custom(PLANS_SHAPE))
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<Plans, E> {
        Err(E::custom(PLANS_SHAPE))
    }

    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Err(E::custom(PLANS_SHAPE))
    }
    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<Self::Value, E> {
        Err(E::custom(PLANS_SHAPE))
    }
    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<Self::Value, E> {
        Err(E::custom(PLANS_SHAPE))
    }
    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Err(E::custom(PLANS_SHAPE))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, _: A) -> Result<Self::Value, A::Error> {
        Err(serde::de::Error::custom(PLANS_SHAPE))
    }
}

impl<'de> serde::de::Visitor<'de> for Shape<PlanItem> {
    type Value = PlanItem;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(PLANS_SHAPE)
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<PlanItem, E> {
        Ok(PlanItem(None))
    }

    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<PlanItem, E> {
        Ok(PlanItem(Some(s.to_string())))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, _: A) -> Result<PlanItem, A::Error> {
        Err(serde::de::Error::custom(PLANS_SHAPE))
    }

    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Err(E::custom(PLANS_SHAPE))
    }
    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<Self::Value, E> {
        Err(E::custom(PLANS_SHAPE))
    }
    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<Self::Value, E> {
        Err(E::custom(PLANS_SHAPE))
    }
    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Err(E::custom(PLANS_SHAPE))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, _: A) -> Result<Self::Value, A::Error> {
        Err(serde::de::Error::custom(PLANS_SHAPE))
    }
}

impl Plans {
    /// Each plan as moves of `P`, or the first bad letter.
    fn read<P: Registered>(&self) -> Result<Vec<Plan<P::Move>>, ApiError> {
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
    results: Vec<Box<RawValue>>,
    summary: String,
    limits: LimitsAnswer,
}

/// `verify`: the request checked for its puzzle, its plans read as the
/// puzzle's moves.
pub fn check(req: VerifyRequest, ctx: &Ctx) -> Result<Job, ApiError> {
    let work = dispatch(PuzzleName::required(req.puzzle)?, Verify { req, ctx })?;
    Ok(Job::new(Slot::Search, work))
}

struct Verify<'a> {
    req: VerifyRequest,
    ctx: &'a Ctx,
}

impl Visit for Verify<'_> {
    type Output = Result<Work, ApiError>;

    fn visit<P: Registered>(self, _: P) -> Result<Work, ApiError> {
        let puzzle: P = self.req.options.puzzle()?;
        let bounds = self.req.options.bounds(&self.ctx.bounds);
        let input = Input::required(self.req.input)?;
        let plans = match &self.req.plans {
            Some(plans) => plans.read::<P>()?,
            None => return Err(ApiError::bad(PLANS_SHAPE)),
        };
        Ok(Box::new(move |ctx| {
            let (results, tally) = verify_all(&puzzle, &input, &plans, bounds, ctx)?;
            Answer::json(&VerifyAnswer {
                results,
                summary: tally.summary(),
                limits: bounds.answer(),
            })
        }))
    }
}

fn verify_all<P: Registered>(
    puzzle: &P,
    input: &str,
    plans: &[Plan<P::Move>],
    bounds: SearchBounds,
    ctx: &Ctx,
) -> Result<(Vec<Box<RawValue>>, Tally), ApiError> {
    let mut tally = Tally::default();
    let mut results = Vec::new();
    let mut budget = ParseBudget::default();
    for (i, case) in cases(puzzle, input).enumerate() {
        gone(ctx)?;
        let n = i + 1;
        let case = case?;
        budget.charge::<P>(&case, n as u64)?;
        let checked = match plans.get(i) {
            None => Checked::Missing { plans: plans.len() },
            Some(Plan::Skip) => Checked::Skipped,
            // Over the cap whatever it holds: said before replaying it.
            Some(Plan::Moves(moves))
                if puzzle
                    .move_cap()
                    .is_some_and(|cap| moves.len() > cap as usize) =>
            {
                Checked::Judged(Verdict::OverCap {
                    moves: moves.len(),
                    cap: puzzle.move_cap().unwrap_or(0),
                })
            }
            Some(Plan::Moves(moves)) => {
                if replay_work::<P>(&case, moves.len()) > MAX_REPLAY_WORK {
                    return Err(ApiError::bad(format!(
                        "{} {n}: a plan of {} moves on a board of this size is more than \
                         one request may replay here; send a shorter plan",
                        P::INFO.unit,
                        moves.len()
                    )));
                }
                Checked::Judged(puzzle.verify(&case, moves, &bounds.limits(ctx)))
            }
        };
        let line = tally.line::<P>(n, &checked);
        results.push(raw(&checked_json(n, &checked, line))?);
    }
    Ok((results, tally))
}
