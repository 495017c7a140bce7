//! `render` (the server's `POST /api/render`): the SVG of case `case` (1-based,
//! default 1) playing `moves`, or its optimal solution when `moves` is absent
//! (its start when the search is stopped or the case is unsolvable). `frame: K`
//! draws a still of the board after move K. The picture is the puzzle's own
//! ([`svg`](gridpuzzle_engine::caps::svg)), the same `gridpuzzle render`
//! writes.
//!
//! An animation grows with cells × frames, so a request is refused with
//! 400 before any work past [`MAX_RENDER_MOVES`] moves, and before
//! drawing past [`MAX_RENDER_UNITS`] cells × frames (a still, past the
//! replay bound). Within those caps the work is linear in the frames
//! drawn and the moves replayed, and stops at the request's deadline or
//! when its client leaves: the picture is drawn here ([`draw`]), from the
//! puzzle's own views and the engine's SVG writer, checking both after
//! every move, rather than by [`svg`](gridpuzzle_engine::caps::svg), which cannot be stopped
//! halfway (an earlier still of 9,999 throws kept a core busy long after
//! its client was gone).

use gridpuzzle_registry::Registered;

use gridpuzzle_engine::caps::check_still;
use gridpuzzle_engine::moves::plan_string;
use gridpuzzle_engine::search::Outcome;
use gridpuzzle_engine::svg::{self, Animation, Caption};
use gridpuzzle_registry::Visit;
use serde::Deserialize;

use crate::endpoint::{dispatch, Job, Slot, Work};
use crate::options::Options;
use crate::reading::{nth_case, replay_work, MAX_REPLAY_WORK};
use crate::request::{field, given, CaseNumber, Input, Moves, PuzzleName};
use crate::{Answer, ApiError, Ctx};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenderRequest {
    #[serde(default, deserialize_with = "given")]
    puzzle: Option<PuzzleName>,
    #[serde(default, deserialize_with = "given")]
    input: Option<Input>,
    #[serde(default)]
    options: Options,
    case: Option<CaseNumber>,
    moves: Option<Moves>,
    frame: Option<Frame>,
}

field!(
    /// `frame`: a move number from 0.
    struct Frame(usize),
    |v| v.as_u64().and_then(|k| usize::try_from(k).ok()).ok_or_else(|| {
        format!("`frame` must be a move number from 0, found {v}")
    })
);

/// `render`: the request checked for its puzzle (a picture of the optimal
/// solution searches for it).
pub fn check(req: RenderRequest, ctx: &Ctx) -> Result<Job, ApiError> {
    let work = dispatch(PuzzleName::required(req.puzzle)?, Render { req, ctx })?;
    Ok(Job::new(Slot::Search, work))
}

struct Render<'a> {
    req: RenderRequest,
    ctx: &'a Ctx,
}

impl Visit for Render<'_> {
    type Output = Result<Work, ApiError>;

    fn visit<P: Registered>(self, _: P) -> Result<Work, ApiError> {
        let puzzle: P = self.req.options.puzzle()?;
        let bounds = self.req.options.bounds(&self.ctx.bounds);
        let input = Input::required(self.req.input)?;
        let wanted = CaseNumber::or_first(self.req.case);
        let moves = match &self.req.moves {
            Some(moves) => Some(moves.read::<P::Move>()?),
            None => None,
        };
        let frame = self.req.frame.map(|f| f.0);
        if let Some(moves) = moves.as_ref().filter(|m| m.len() > MAX_RENDER_MOVES) {
            return Err(ApiError::bad(format!(
                "at most {MAX_RENDER_MOVES} moves in one render request, found {}",
                moves.len()
            )));
        }
        Ok(Box::new(move |ctx| {
            let case = nth_case(&puzzle, &input, wanted, ctx)?;
            let plan = match moves {
                Some(plan) => plan,
                None => match puzzle.solve(&case, &bounds.limits(ctx)).outcome {
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
            draw(&puzzle, &case, &plan, frame, ctx)?
                .map(Answer::svg)
                .map_err(|e| {
                    ApiError::bad(format!(
                        "{} {wanted}: the moves cannot be played: {e}",
                        P::INFO.unit
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

/// The picture `svg` draws (the same bytes: the same views,
/// drawn by the engine's same `svg` functions),
/// drawn here so that the replay checks the request's deadline and cancel
/// flag after every move: a client that hangs up, or a request out of
/// time, frees its slot within one move's work rather than after the
/// whole replay. A still draws the one view it shows; the others are
/// replayed, not drawn. The inner error is the puzzle's refusal of a move,
/// in `svg`'s words.
fn draw<P: Registered>(
    puzzle: &P,
    case: &P::Case,
    plan: &[P::Move],
    still: Option<usize>,
    ctx: &Ctx,
) -> Result<Result<String, String>, ApiError> {
    if let Err(e) = check_still::<P>(still, plan.len()) {
        return Ok(Err(e));
    }
    let letters = plan_string(plan);
    let legend = puzzle.legend();
    let caption = Caption {
        title: P::INFO.title,
        unit: P::INFO.one_move,
        plan: &letters,
        legend: &legend,
    };
    let mut state = puzzle.start(case);
    let mut animation = match still {
        None => Some(Animation::new(&puzzle.view(case, &state, None, None))),
        Some(_) => None,
    };
    let mut picture = match still {
        Some(0) => Some(puzzle.view(case, &state, None, None)),
        _ => None,
    };
    for (k, &mv) in plan.iter().enumerate() {
        if ctx.stopped() {
            return Err(ApiError::out_of_time(format!(
                "the request's time ran out (or its client left) while drawing {} {}",
                P::INFO.one_move,
                k + 1
            )));
        }
        let (next, event) = match puzzle.apply(case, &state, k, mv) {
            Ok(done) => done,
            Err(why) => return Ok(Err(format!("{} {} ({mv}): {why}", P::INFO.one_move, k + 1))),
        };
        if let Some(a) = animation.as_mut() {
            a.push(&puzzle.view(case, &next, None, None));
        }
        if still == Some(k + 1) {
            picture = Some(puzzle.view(case, &next, Some((&state, mv, &event)), None));
        }
        state = next;
    }
    Ok(Ok(match (animation, picture) {
        (Some(a), _) => a.finish(&caption),
        (None, Some(view)) => svg::still(&view, &caption, still.unwrap_or(0), plan.len()),
        (None, None) => return Err(ApiError::Internal),
    }))
}
