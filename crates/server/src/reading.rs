//! Reading the cases of a judge input, under the request's bounds.
//!
//! The input is parsed lazily, one case at a time, as the CLI does. A
//! request that reads cases without searching them (`/api/cases`, and
//! finding the case of `/api/play` or `/api/render`) is charged for every
//! cell it builds ([`MAX_PARSED_CELLS`]: a Holedox case of 22 bytes
//! declares a lair of 16 million cells) and checks the request's deadline
//! between cases.

use gridpuzzle_engine::Puzzle;

use crate::{ApiError, Ctx};

/// The lazily read cases of `input`.
pub(crate) fn cases<'a, P: Puzzle>(
    puzzle: &P,
    input: &'a str,
) -> gridpuzzle_engine::puzzle::Cases<'a, P::Case> {
    puzzle.cases(Box::new(input.as_bytes()))
}

/// Case `wanted` (1-based) of `input`; an error for a bad case before it
/// or too few cases.
pub(crate) fn nth_case<P: Puzzle>(
    puzzle: &P,
    input: &str,
    wanted: u64,
    ctx: &Ctx,
) -> Result<P::Case, ApiError> {
    let mut n = 0;
    let mut budget = ParseBudget::default();
    for case in cases(puzzle, input) {
        if ctx.stopped() {
            return Err(ApiError::out_of_time(format!(
                "the request's time ran out while reading {} {}",
                P::UNIT,
                n + 1
            )));
        }
        n += 1;
        let case = case.map_err(|e| ApiError::bad(e.to_string()))?;
        budget.charge::<P>(&case, n)?;
        if n == wanted {
            return Ok(case);
        }
    }
    Err(ApiError::bad(format!(
        "case {wanted}: the input has only {n} {}s",
        P::UNIT
    )))
}

/// Most cells the boards read by one request may have in all, the cases
/// skipped or listed by size only included: a Holedox case of 22 bytes
/// declares a lair of 16 million cells, and building it is work.
pub const MAX_PARSED_CELLS: u64 = 1 << 26;

/// The cells read so far by a request that reads cases without searching
/// them.
#[derive(Default)]
pub(crate) struct ParseBudget {
    cells: u64,
}

impl ParseBudget {
    /// Charges case `n`'s cells; an error past [`MAX_PARSED_CELLS`].
    pub(crate) fn charge<P: Puzzle>(&mut self, case: &P::Case, n: u64) -> Result<(), ApiError> {
        let (w, h) = P::size(case);
        self.cells += u64::from(w) * u64::from(h);
        if self.cells > MAX_PARSED_CELLS {
            return Err(ApiError::bad(format!(
                "{} {n}: the boards up to here have more than {MAX_PARSED_CELLS} cells in all, \
                 more than one request may read; split the input",
                P::UNIT
            )));
        }
        Ok(())
    }
}
