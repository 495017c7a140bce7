//! `render` (the server's `POST /api/render`): the SVG of case `case`
//! (1-based, default 1) playing `moves`, or its optimal solution when
//! `moves` is absent (its start when the search is stopped or the case is
//! unsolvable). `frame: K` draws a still of the board after move K. The
//! picture is the puzzle's own, the one the engine's
//! [`svg`](gridpuzzle_engine::caps::svg) draws and `gridpuzzle render`
//! writes.
//!
//! An animation grows with cells × frames, so a request is refused with
//! 400 before any work past [`MAX_RENDER_MOVES`] moves, and before
//! drawing past [`MAX_RENDER_UNITS`] cells × frames (a still, past the
//! replay bound). Within those caps the work is linear in the frames
//! drawn and the moves replayed, and stops at the call's deadline or when
//! its client leaves: the engine's drawing checks both before every move
//! ([`svg_checked`]; an earlier still of 9,999 throws, drawn by a loop that
//! could not stop halfway, kept a core busy long after its client was
//! gone).

use gridpuzzle_engine::caps::svg_checked;
use gridpuzzle_engine::search::Outcome;
use gridpuzzle_registry::Registered;

use crate::job::{Job, Work};
use crate::reading::{nth_case, replay_work, MAX_REPLAY_WORK};
use crate::request::{field, Moves};
use crate::setup::{self, on_input, Own, Setup};
use crate::{Answer, ApiError, Ctx};

on_input! {
    /// A `render` request: `puzzle`, `input`, `options`, `case`, and the
    /// `moves` to draw (the optimal ones when absent), the `frame` of a
    /// still.
    pub struct RenderRequest with case => Render {
        moves: Option<Moves>,
        frame: Option<Frame>,
    }
}

field!(
    /// `frame`: a move number from 0.
    struct Frame(usize),
    |v| v.as_u64().and_then(|k| usize::try_from(k).ok()).ok_or_else(|| {
        format!("`frame` must be a move number from 0, found {v}")
    })
);

/// `render`: the request checked for its puzzle; its job is a search
/// (a picture of the optimal solution searches for it).
pub fn check(req: RenderRequest, ctx: &Ctx) -> Result<Job, ApiError> {
    setup::check(req, ctx)
}

impl Own for Render {
    fn work<P: Registered>(self, s: Setup<P>) -> Result<Work, ApiError> {
        let moves = match &self.moves {
            Some(moves) => Some(moves.read::<P::Move>()?),
            None => None,
        };
        let frame = self.frame.map(|f| f.0);
        if let Some(moves) = moves.as_ref().filter(|m| m.len() > MAX_RENDER_MOVES) {
            return Err(ApiError::bad(format!(
                "at most {MAX_RENDER_MOVES} moves in one render request, found {}",
                moves.len()
            )));
        }
        Ok(Box::new(move |ctx| {
            let case = nth_case(&s.puzzle, &s.input, s.case, ctx)?;
            let plan = match moves {
                Some(plan) => plan,
                None => match s.puzzle.solve(&case, &s.bounds.limits(ctx)).outcome {
                    Outcome::Solved(plan) => plan,
                    Outcome::Unsolvable | Outcome::Limit(_) => Vec::new(),
                },
            };
            if frame.is_some_and(|k| k > plan.len()) {
                return Err(ApiError::bad(format!(
                    "`frame` is at most the number of moves, {}",
                    plan.len()
                )));
            }
            too_large::<P>(&case, plan.len(), frame)?;
            draw(&s.puzzle, &case, &plan, frame, ctx)?
                .map(Answer::svg)
                .map_err(|e| {
                    ApiError::bad(format!(
                        "{} {}: the moves cannot be played: {e}",
                        P::INFO.unit,
                        s.case
                    ))
                })
        }))
    }
}

/// Most moves one render request may send.
pub const MAX_RENDER_MOVES: usize = 10_000;

/// Most cells × frames one animation may draw: its SVG grows with both
/// (a block's opacity is listed for every frame), at about nine bytes
/// each, so this caps the answer near 5 MB and its work near a fifth of a
/// second. A still draws one frame.
pub const MAX_RENDER_UNITS: u64 = 1 << 19;

/// Refuses, before any drawing, a picture whose size is past the caps:
/// the drawing is the puzzle's own and does not stop halfway.
fn too_large<P: Registered>(
    case: &P::Case,
    moves: usize,
    frame: Option<usize>,
) -> Result<(), ApiError> {
    let (w, h) = P::size(case);
    let cells = u64::from(w) * u64::from(h);
    if moves > MAX_RENDER_MOVES {
        return Err(ApiError::bad(format!(
            "the solution has {moves} moves, more than the {MAX_RENDER_MOVES} one render \
             request may draw"
        )));
    }
    let units = match frame {
        Some(_) => cells,
        None => cells.saturating_mul(moves as u64 + 1),
    };
    if units > MAX_RENDER_UNITS || replay_work::<P>(case, moves) > MAX_REPLAY_WORK {
        return Err(ApiError::bad(format!(
            "an animation of {moves} moves on a board of {w}×{h} cells is larger than one \
             render request may draw (cells × frames at most {MAX_RENDER_UNITS}); ask for a \
             still with `frame`, or send fewer moves"
        )));
    }
    Ok(())
}

/// The picture the engine's `caps::svg` draws (the same bytes), checking
/// the call's deadline and cancel flag before every move: a client that
/// hangs up, or a call out of time, frees its slot within one move's work
/// rather than after the whole replay. The inner error is the puzzle's
/// refusal of a move, in `caps::svg`'s words.
fn draw<P: Registered>(
    puzzle: &P,
    case: &P::Case,
    plan: &[P::Move],
    still: Option<usize>,
    ctx: &Ctx,
) -> Result<Result<String, String>, ApiError> {
    svg_checked(puzzle, case, plan, still, |k| {
        if ctx.stopped() {
            return Err(ApiError::out_of_time(format!(
                "the request's time ran out (or its client left) while drawing {} {}",
                P::INFO.one_move,
                k + 1
            )));
        }
        Ok(())
    })
}
