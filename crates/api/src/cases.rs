//! `cases` (the server's `POST /api/cases`): the boards of a judge input, for
//! the page to draw and edit.
//!
//! Each board is the puzzle's own record
//! ([`Page::board_json`](gridpuzzle_engine::caps::Page::board_json): cells
//! are 0-based `[row, column]`, `rows` one string per row) followed by
//! its `case` number. A board with a side over the call's `max_side`
//! (the page's editor limit) gets only its size and `"too_large": true`.
//! A bad case ends the list: the cases before it are returned, with the
//! parser's message in `error`, as the CLI answers the cases before a bad
//! one. This only reads, so its job waits for a light slot, never behind a
//! search.

use gridpuzzle_registry::Registered;
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};

use crate::job::{Job, Slot, Work};
use crate::reading::{cases, ParseBudget};
use crate::setup::{self, on_input, Own, Setup};
use crate::{raw, Answer, ApiError, Ctx};

on_input! {
    /// A `cases` request: `puzzle`, `input`, `options`.
    pub struct CasesRequest => Cases {}
}

#[derive(Serialize)]
struct CasesAnswer {
    /// Each board as its JSON text, made as soon as the board is read,
    /// so an answer of a thousand boards never holds their trees at once.
    cases: Vec<Box<RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// A board too large to edit on the page: its size only.
#[derive(Serialize)]
struct TooLarge {
    width: u32,
    height: u32,
    too_large: bool,
}

/// `cases`: the request checked for its puzzle.
pub fn check(req: CasesRequest, ctx: &Ctx) -> Result<Job, ApiError> {
    setup::check(req, ctx)
}

impl Own for Cases {
    /// Reading boards is light.
    fn slot(&self) -> Slot {
        Slot::Light
    }

    fn work<P: Registered>(self, s: Setup<P>) -> Result<Work, ApiError> {
        Ok(Box::new(move |ctx| {
            let (cases, error) = boards(&s.puzzle, &s.input, ctx)?;
            Answer::json(&CasesAnswer { cases, error })
        }))
    }
}

/// At most this many boards in one answer, and at most this many cells
/// drawn in all: the body cap bounds the input, not the answer (a 26-byte
/// case can declare a lair of 16 million cells).
const MAX_BOARDS: usize = 1000;
const MAX_DRAWN_CELLS: u64 = 4_000_000;

fn boards<P: Registered>(
    puzzle: &P,
    input: &str,
    ctx: &Ctx,
) -> Result<(Vec<Box<RawValue>>, Option<String>), ApiError> {
    let max_side = ctx.bounds.max_side;
    let mut boards = Vec::new();
    let mut drawn = 0u64;
    let mut budget = ParseBudget::default();
    for (i, case) in cases(puzzle, input).enumerate() {
        if ctx.stopped() {
            return Err(ApiError::out_of_time(format!(
                "the request's time ran out while reading {} {}",
                P::INFO.unit,
                i + 1
            )));
        }
        if i == MAX_BOARDS {
            let more = format!(
                "only the first {MAX_BOARDS} {}s are listed; split the input to see the rest",
                P::INFO.unit
            );
            return Ok((boards, Some(more)));
        }
        let case = match case {
            Ok(case) => case,
            Err(e) => return Ok((boards, Some(e.to_string()))),
        };
        budget.charge::<P>(&case, i as u64 + 1)?;
        let (width, height) = P::size(&case);
        let mut board = if width > max_side || height > max_side {
            json!(TooLarge {
                width,
                height,
                too_large: true
            })
        } else {
            drawn += u64::from(width) * u64::from(height);
            if drawn > MAX_DRAWN_CELLS {
                let more = format!(
                    "only the first {i} {}s are listed: the answer is capped at {MAX_DRAWN_CELLS} cells",
                    P::INFO.unit
                );
                return Ok((boards, Some(more)));
            }
            P::CAPS.page_of()?.board_json(puzzle, &case)
        };
        if let Value::Object(o) = &mut board {
            o.insert("case".into(), json!(i + 1));
        }
        boards.push(raw(&board)?);
    }
    Ok((boards, None))
}
