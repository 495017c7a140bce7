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

use std::marker::PhantomData;

use gridpuzzle_engine::check::{bad_letter, checked_json, read_plan, Checked, Plan, Tally};
use gridpuzzle_engine::verdict::Verdict;
use gridpuzzle_registry::Registered;
use serde::de::{self, Error as _, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::value::RawValue;

use crate::job::{Job, Work};
use crate::options::{LimitsAnswer, SearchBounds};
use crate::reading::{cases, gone, replay_work, ParseBudget, MAX_REPLAY_WORK};
use crate::request::given;
use crate::setup::{self, on_input, Own, Setup};
use crate::{raw, Answer, ApiError, Ctx};

on_input! {
    /// A `verify` request: `puzzle`, `input`, `options` and `plans`.
    pub struct VerifyRequest => Verify {
        #[serde(default, deserialize_with = "given")]
        plans: Option<Plans>,
    }
}

const PLANS_SHAPE: &str =
    "`plans` must be an array with one string of moves per case (null or \"-\" skips a case)";

/// `plans`: one string of moves per case, or `null`; read as the
/// puzzle's moves once the puzzle is known.
struct Plans(Vec<Option<String>>);

/// One item of `plans`: a string, or `null`.
struct PlanItem(Option<String>);

/// What `plans` and its items may be, read straight from the text, never
/// as a tree of values first (a megabyte of plans is a quarter of a
/// million of them): each says what it is made from, and anything else is
/// [`PLANS_SHAPE`] ([`Shape`]).
trait Shaped: Sized {
    fn from_seq<'de, A: SeqAccess<'de>>(_: A) -> Result<Self, A::Error> {
        Err(A::Error::custom(PLANS_SHAPE))
    }
    fn from_str<E: de::Error>(_: &str) -> Result<Self, E> {
        Err(E::custom(PLANS_SHAPE))
    }
    fn from_unit<E: de::Error>() -> Result<Self, E> {
        Err(E::custom(PLANS_SHAPE))
    }
}

/// `plans`: an array of items.
impl Shaped for Plans {
    fn from_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<Plans, A::Error> {
        let mut plans = Vec::new();
        while let Some(PlanItem(plan)) = seq.next_element()? {
            plans.push(plan);
        }
        Ok(Plans(plans))
    }
}

/// An item: a string, or `null`.
impl Shaped for PlanItem {
    fn from_str<E: de::Error>(s: &str) -> Result<PlanItem, E> {
        Ok(PlanItem(Some(s.to_string())))
    }
    fn from_unit<E: de::Error>() -> Result<PlanItem, E> {
        Ok(PlanItem(None))
    }
}

impl<'de> Deserialize<'de> for Plans {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Plans, D::Error> {
        d.deserialize_any(Shape(PhantomData))
    }
}

impl<'de> Deserialize<'de> for PlanItem {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PlanItem, D::Error> {
        d.deserialize_any(Shape(PhantomData))
    }
}

/// Reads a [`Shaped`] value: what it is made from, or [`PLANS_SHAPE`].
struct Shape<T>(PhantomData<T>);

impl<'de, T: Shaped> Visitor<'de> for Shape<T> {
    type Value = T;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(PLANS_SHAPE)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<T, A::Error> {
        T::from_seq(seq)
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<T, E> {
        T::from_str(s)
    }
    fn visit_unit<E: de::Error>(self) -> Result<T, E> {
        T::from_unit()
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<T, E> {
        Err(E::custom(PLANS_SHAPE))
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<T, E> {
        Err(E::custom(PLANS_SHAPE))
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<T, E> {
        Err(E::custom(PLANS_SHAPE))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<T, E> {
        Err(E::custom(PLANS_SHAPE))
    }
    fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<T, A::Error> {
        Err(A::Error::custom(PLANS_SHAPE))
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
/// puzzle's moves; its job is a search.
pub fn check(req: VerifyRequest, ctx: &Ctx) -> Result<Job, ApiError> {
    setup::check(req, ctx)
}

impl Own for Verify {
    fn work<P: Registered>(self, s: Setup<P>) -> Result<Work, ApiError> {
        let plans = match &self.plans {
            Some(plans) => plans.read::<P>()?,
            None => return Err(ApiError::bad(PLANS_SHAPE)),
        };
        Ok(Box::new(move |ctx| {
            let (results, tally) = verify_all(&s.puzzle, &s.input, &plans, s.bounds, ctx)?;
            Answer::json(&VerifyAnswer {
                results,
                summary: tally.summary(),
                limits: s.bounds.answer(),
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
