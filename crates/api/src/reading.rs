//! Reading the cases of a judge input, under the request's bounds.
//!
//! The input is parsed lazily, one case at a time, as the CLI does. A
//! request that reads cases without searching them (`/api/cases`, and
//! finding the case of `/api/play` or `/api/render`) is charged for every
//! cell it builds ([`MAX_PARSED_CELLS`]: a Holedox case of 22 bytes
//! declares a lair of 16 million cells) and checks the request's deadline
//! between cases. `/api/solve` and `/api/verify` are charged the same,
//! and stop between cases once the client has gone: a case's setup (the
//! puzzle's own, tables over the whole board) checks no flag, so the
//! budget is what bounds the work between two checks.

use gridpuzzle_registry::Registered;

use crate::{ApiError, Ctx};

/// The lazily read cases of `input`.
pub(crate) fn cases<'a, P: Registered>(
    puzzle: &P,
    input: &'a str,
) -> gridpuzzle_engine::puzzle::Cases<'a, P::Case> {
    puzzle.cases(Box::new(input.as_bytes()))
}

/// Case `wanted` (1-based) of `input`; an error for a bad case before it
/// or too few cases.
pub(crate) fn nth_case<P: Registered>(
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
                P::INFO.unit,
                n + 1
            )));
        }
        n += 1;
        let case = case?;
        budget.charge::<P>(&case, n)?;
        if n == wanted {
            return Ok(case);
        }
    }
    Err(ApiError::bad(format!(
        "case {wanted}: the input has only {n} {}s",
        P::INFO.unit
    )))
}

/// Most work a replay of the moves one request sends may cost, counted
/// as moves × (cells / 64 + 1): a move's replay copies the position,
/// whose set of broken blocks grows with the board. `/api/verify`
/// refuses plans past it before replaying them (the replay is the
/// puzzle's own and cannot be stopped halfway); about a tenth of a
/// second of work.
pub const MAX_REPLAY_WORK: u64 = 1 << 28;

/// The work of replaying `moves` moves on `case` (see [`MAX_REPLAY_WORK`]).
pub(crate) fn replay_work<P: Registered>(case: &P::Case, moves: usize) -> u64 {
    let (w, h) = P::size(case);
    (moves as u64).saturating_mul(u64::from(w) * u64::from(h) / 64 + 1)
}

/// An error when the client has gone away: nobody reads the answer, so
/// the loops over cases stop at once.
pub(crate) fn gone(ctx: &Ctx) -> Result<(), ApiError> {
    if ctx.cancel.load(std::sync::atomic::Ordering::Relaxed) {
        return Err(ApiError::out_of_time(
            "the request was cancelled (its client left, or its time ran out)",
        ));
    }
    Ok(())
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
    pub(crate) fn charge<P: Registered>(&mut self, case: &P::Case, n: u64) -> Result<(), ApiError> {
        let (w, h) = P::size(case);
        self.cells += u64::from(w) * u64::from(h);
        if self.cells > MAX_PARSED_CELLS {
            return Err(ApiError::bad(format!(
                "{} {n}: the boards up to here have more than {MAX_PARSED_CELLS} cells in all, \
                 more than one request may read; split the input",
                P::INFO.unit
            )));
        }
        Ok(())
    }
}
