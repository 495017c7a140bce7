//! `play` (the server's `POST /api/play`): plays `moves` on case `case` through
//! the rules, as `gridpuzzle play` does, and answers the start and what each
//! move changed (so the page draws a game or a solution's animation without
//! knowing a rule), the first refused move with the rules' reason, and with
//! `"hint": true` what the exact solver proves about the last position: an
//! optimal plan from there, `unsolvable`, or `limit`. With `"positions": [FROM,
//! TO]` it also answers the whole positions after FROM … TO of the moves
//! played, for the page to draw (a bounded window: `positions.rs`), collected
//! in the same replay.
//!
//! The API keeps no game: undo is the client sending fewer moves. The
//! moves are replayed keeping only the current position (a session's
//! history of positions would grow with moves × board), and each step is
//! the puzzle's record of what changed ([`Page::step_json`]), so an
//! answer grows with the moves, not with moves × board (the whole
//! positions asked for have a cap of their own). A replay only reads and
//! waits for a light slot; a hint searches and waits for a search slot.
//!
//! [`Page::step_json`]: gridpuzzle_engine::caps::Page::step_json

use gridpuzzle_engine::caps::PageOf;
use gridpuzzle_engine::moves::{plan_string, Move};
use gridpuzzle_engine::search::Outcome;
use gridpuzzle_engine::session::ALREADY_WON;
use gridpuzzle_registry::Registered;
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::Value;

use crate::job::{Job, Slot, Work};
use crate::options::LimitsAnswer;
use crate::positions::Window;
use crate::reading::nth_case;
use crate::request::{field, Moves};
use crate::setup::{self, on_input, Own, Setup};
use crate::{raw, Answer, ApiError, Ctx};

/// Most moves one play request may replay.
pub const MAX_PLAY_MOVES: usize = 100_000;

on_input! {
    /// A `play` request: `puzzle`, `input`, `options`, `case`, and the
    /// `moves` to play, whether to `hint`, the `positions` to draw.
    pub struct PlayRequest with case => Play {
        moves: Option<Moves>,
        hint: Option<Hint>,
        positions: Option<Window>,
    }
}

field!(
    /// `hint`: true or false.
    struct Hint(bool),
    |v| v.as_bool().ok_or_else(|| format!("`hint` must be true or false, found {v}"))
);

#[derive(Serialize)]
struct PlayAnswer {
    case: u64,
    /// The moves played (up to the refused one).
    moves: String,
    start: Value,
    /// Each step kept as its text: 100,000 of them cost a few megabytes
    /// this way, ten times that as trees of maps.
    steps: Vec<Box<RawValue>>,
    refused: Option<Refused>,
    won: bool,
    stuck: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<Prospect>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limits: Option<LimitsAnswer>,
    /// The whole positions of the window asked for, if one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    positions: Option<Vec<Value>>,
}

/// The first refused move and the rules' reason.
#[derive(Serialize)]
struct Refused {
    /// 1-based.
    #[serde(rename = "move")]
    number: usize,
    letter: String,
    reason: String,
}

/// What the exact solver proves about the last position.
#[derive(Serialize)]
#[serde(tag = "outcome", rename_all = "lowercase")]
enum Prospect {
    Won {
        to_go: usize,
    },
    Solved {
        to_go: usize,
        next: Option<String>,
        plan: String,
    },
    Unsolvable,
    Limit {
        reason: String,
    },
}

/// `play`: the request checked for its puzzle, its moves read as the
/// puzzle's.
pub fn check(req: PlayRequest, ctx: &Ctx) -> Result<Job, ApiError> {
    setup::check(req, ctx)
}

impl Own for Play {
    /// A replay is light; a hint searches.
    fn slot(&self) -> Slot {
        match self.hint {
            Some(Hint(true)) => Slot::Search,
            _ => Slot::Light,
        }
    }

    fn work<P: Registered>(self, s: Setup<P>) -> Result<Work, ApiError> {
        let moves = match &self.moves {
            Some(moves) => moves.read::<P::Move>()?,
            None => Vec::new(),
        };
        let hint = matches!(self.hint, Some(Hint(true)));
        let window = self.positions;
        if moves.len() > MAX_PLAY_MOVES {
            return Err(ApiError::bad(format!(
                "at most {MAX_PLAY_MOVES} moves in one play request, found {}",
                moves.len()
            )));
        }
        Ok(Box::new(move |ctx| {
            Answer::json(&play(&s, &moves, hint, window, ctx)?)
        }))
    }
}

/// A position of the window: `Page::position_json` with its `view`, the
/// `BoardView` the page draws (after the move `last`, so what the move
/// broke is drawn so).
fn drawn<P: Registered>(
    page: &dyn PageOf<P>,
    puzzle: &P,
    case: &P::Case,
    state: &P::State,
    last: Option<(&P::State, P::Move, &P::Event)>,
) -> Value {
    let view = puzzle.view(case, state, last, None).to_json();
    match page.position_json(puzzle, case, state) {
        Value::Object(mut fields) => {
            fields.insert("view".into(), view);
            Value::Object(fields)
        }
        other => serde_json::json!({"state": other, "view": view}),
    }
}

/// Plays `moves` on the case `s` names, collecting the positions of
/// `window`, and with `hint` what the solver proves about the last one.
fn play<P: Registered>(
    s: &Setup<P>,
    moves: &[P::Move],
    hint: bool,
    mut window: Option<Window>,
    ctx: &Ctx,
) -> Result<PlayAnswer, ApiError> {
    let (puzzle, input, wanted, bounds) = (&s.puzzle, s.input.as_str(), s.case, s.bounds);
    let page = P::CAPS.page_of()?;
    let case = nth_case(puzzle, input, wanted, ctx)?;
    let mut state = puzzle.start(&case);
    let start = page.state_json(puzzle, &state);
    if let Some(w) = &mut window {
        w.see(0, || drawn(page, puzzle, &case, &state, None));
    }
    let mut steps = Vec::new();
    let mut refused = None;
    let mut won = puzzle.is_won(&case, &state);
    for (index, &mv) in moves.iter().enumerate() {
        if ctx.stopped() {
            return Err(ApiError::out_of_time(format!(
                "the request's time ran out after replaying {index} of {} moves",
                moves.len()
            )));
        }
        let applied = if won {
            Err(ALREADY_WON.to_string())
        } else {
            puzzle.apply(&case, &state, index, mv)
        };
        match applied {
            Ok((next, event)) => {
                steps.push(raw(&page.step_json(puzzle, &next, &event))?);
                if let Some(w) = &mut window {
                    w.see(index + 1, || {
                        drawn(page, puzzle, &case, &next, Some((&state, mv, &event)))
                    });
                }
                state = next;
                won = puzzle.is_won(&case, &state);
            }
            Err(reason) => {
                refused = Some(Refused {
                    number: index + 1,
                    letter: mv.to_string(),
                    reason,
                });
                break;
            }
        }
    }
    let used = steps.len();
    let stuck = !won
        && P::Move::ALL
            .iter()
            .all(|&m| puzzle.apply(&case, &state, used, m).is_err());
    let prospect = hint.then(|| {
        if won {
            return Prospect::Won { to_go: 0 };
        }
        match puzzle
            .solve_from(&case, &state, used, &bounds.limits(ctx))
            .outcome
        {
            Outcome::Solved(plan) if plan.is_empty() => Prospect::Won { to_go: 0 },
            Outcome::Solved(plan) => Prospect::Solved {
                to_go: plan.len(),
                next: plan.first().map(|m| m.to_string()),
                plan: plan_string(&plan),
            },
            Outcome::Unsolvable => Prospect::Unsolvable,
            Outcome::Limit(why) => Prospect::Limit {
                reason: why.to_string(),
            },
        }
    });
    Ok(PlayAnswer {
        case: wanted,
        moves: plan_string(&moves[..used]),
        start,
        steps,
        refused,
        won,
        stuck,
        limits: prospect.as_ref().map(|_| bounds.answer()),
        hint: prospect,
        positions: window.map(Window::into_positions),
    })
}
