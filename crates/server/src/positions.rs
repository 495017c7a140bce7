//! The positions the page draws, answered by `/api/play` when a request
//! asks for them with `"positions": [FROM, TO]`: the whole position
//! ([`Puzzle::position_json`]) after FROM, FROM + 1, …, TO moves (0 is the
//! start), as far as the moves were played. So the page keeps no rule: it
//! draws these, never a position it worked out from the changes in
//! `steps`.
//!
//! Bounded so an answer does not grow with moves × board: at most
//! [`MAX_POSITIONS`] positions and about [`MAX_POSITION_BYTES`] bytes of
//! them (at least one); the page asks for the next window when it needs
//! it. A request without `positions` is answered exactly as before.
//!
//! The moves are replayed through the puzzle's contract, generic over
//! every registered puzzle. (Today that is a second replay next to
//! `/api/play`'s own, which is not yet generic; [`Window`] is what a
//! generic play loop needs to collect the positions in its one pass.)

use gridpuzzle_engine::moves::parse_plan;
use gridpuzzle_engine::puzzle::{nth_case, NthCase};
use gridpuzzle_registry::{visit, Puzzle, Visit};
use serde_json::{Map, Value};

use crate::options::puzzle_with;
use crate::{ApiError, Ctx};

/// Most positions in one answer.
pub const MAX_POSITIONS: usize = 1000;

/// About the most bytes of positions in one answer (a position past it is
/// left out, unless it is the first).
pub const MAX_POSITION_BYTES: usize = 1 << 20;

/// A window of positions asked for, and the ones collected so far.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Window {
    from: usize,
    to: usize,
    positions: Vec<Value>,
    bytes: usize,
    full: bool,
}

impl Window {
    /// Reads `"positions": [FROM, TO]` (absent or `null`: none asked).
    pub(crate) fn read(v: Option<&Value>) -> Result<Option<Window>, ApiError> {
        let v = match v {
            None | Some(Value::Null) => return Ok(None),
            Some(v) => v,
        };
        let bad = || {
            ApiError::bad(format!(
                "`positions` must be [FROM, TO], move counts with FROM <= TO (0 is the start), found {v}"
            ))
        };
        let pair = v.as_array().filter(|a| a.len() == 2).ok_or_else(bad)?;
        let (from, to) = match (pair[0].as_u64(), pair[1].as_u64()) {
            (Some(f), Some(t)) if f <= t => (f, t),
            _ => return Err(bad()),
        };
        let clamp = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        Ok(Some(Window {
            from: clamp(from),
            to: clamp(to),
            positions: Vec::new(),
            bytes: 0,
            full: false,
        }))
    }

    /// Whether the position after `k` moves is still wanted: a play loop
    /// asks before it builds the position's JSON.
    pub(crate) fn wants(&self, k: usize) -> bool {
        !self.full && k >= self.from && k <= self.to
    }

    /// Whether no later position is wanted (the replay may stop).
    pub(crate) fn done(&self, k: usize) -> bool {
        self.full || k >= self.to
    }

    /// Keeps the position after `k` moves if it is wanted and fits.
    pub(crate) fn see(&mut self, k: usize, position: impl FnOnce() -> Value) {
        if !self.wants(k) {
            return;
        }
        let position = position();
        let size = position.to_string().len();
        if !self.positions.is_empty()
            && (self.bytes + size > MAX_POSITION_BYTES || self.positions.len() == MAX_POSITIONS)
        {
            self.full = true;
            return;
        }
        self.bytes += size;
        self.positions.push(position);
        if self.positions.len() == MAX_POSITIONS {
            self.full = true;
        }
    }

    pub(crate) fn into_json(self) -> Value {
        Value::Array(self.positions)
    }
}

/// Adds `"positions"` to a `/api/play` answer: the window of the moves it
/// played (its `moves`), of case `wanted` of the request's input, under
/// the request's puzzle and options (already checked by `/api/play`).
pub(crate) fn add_to_play(
    mut answer: Value,
    fields: &Map<String, Value>,
    wanted: u64,
    window: Window,
    ctx: &Ctx,
) -> Result<Value, ApiError> {
    let text = |key: &str| fields.get(key).and_then(Value::as_str).unwrap_or("");
    let name = text("puzzle");
    let work = Replay {
        input: text("input"),
        options: fields.get("options"),
        wanted,
        moves: answer.get("moves").and_then(Value::as_str).unwrap_or(""),
        window,
        ctx,
    };
    let positions = visit(name, work)
        .unwrap_or_else(|| Err(ApiError::bad(format!("unknown puzzle `{name}`"))))?;
    if let Value::Object(o) = &mut answer {
        o.insert("positions".into(), positions);
    }
    Ok(answer)
}

struct Replay<'a> {
    input: &'a str,
    options: Option<&'a Value>,
    wanted: u64,
    moves: &'a str,
    window: Window,
    ctx: &'a Ctx,
}

impl Visit for Replay<'_> {
    type Output = Result<Value, ApiError>;

    fn visit<P: Puzzle>(self, _: P) -> Self::Output {
        let Replay {
            input,
            options,
            wanted,
            moves,
            mut window,
            ctx,
        } = self;
        let puzzle: P = puzzle_with(options, true)?;
        let case = match nth_case(puzzle.cases(Box::new(input.as_bytes())), wanted) {
            NthCase::Found(case) => case,
            NthCase::Bad(e) => return Err(ApiError::bad(e.to_string())),
            NthCase::Short(n) => {
                return Err(ApiError::bad(format!(
                    "case {wanted}: the input has only {n} {}s",
                    P::UNIT
                )))
            }
        };
        let moves: Vec<P::Move> = parse_plan(moves)
            .map_err(|(i, c)| ApiError::bad(format!("moves, column {}: found `{c}`", i + 1)))?;
        let mut state = puzzle.start(&case);
        window.see(0, || puzzle.position_json(&case, &state));
        for (index, &mv) in moves.iter().enumerate() {
            if window.done(index) {
                break;
            }
            if ctx.stopped() {
                return Err(ApiError::out_of_time(format!(
                    "the request's time ran out after replaying {index} of {} moves",
                    moves.len()
                )));
            }
            state = puzzle
                .apply(&case, &state, index, mv)
                .map_err(|e| ApiError::bad(format!("move {}: {e}", index + 1)))?
                .0;
            window.see(index + 1, || puzzle.position_json(&case, &state));
        }
        Ok(window.into_json())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn window(from: u64, to: u64) -> Window {
        Window::read(Some(&json!([from, to]))).unwrap().unwrap()
    }

    #[test]
    fn windows_read_and_refuse() {
        assert_eq!(Window::read(None).unwrap(), None);
        assert_eq!(Window::read(Some(&Value::Null)).unwrap(), None);
        for bad in [
            json!(3),
            json!([1]),
            json!([2, 1]),
            json!([-1, 2]),
            json!(["0", 1]),
        ] {
            assert!(Window::read(Some(&bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_window_keeps_what_it_asked_for_up_to_its_bounds() {
        let mut w = window(2, 4);
        for k in 0..10 {
            if w.done(k) {
                break;
            }
            w.see(k, || json!(k));
        }
        w.see(4, || json!(4));
        assert_eq!(w.into_json(), json!([2, 3, 4]));

        let mut w = window(0, u64::MAX);
        for k in 0..2 * MAX_POSITIONS {
            w.see(k, || json!(k));
        }
        assert_eq!(w.positions.len(), MAX_POSITIONS);
        assert!(w.done(5));

        // Big positions: about a megabyte, but never none.
        let big = "x".repeat(MAX_POSITION_BYTES / 3);
        let mut w = window(0, 10);
        for k in 0..10 {
            w.see(k, || json!(big));
        }
        assert_eq!(w.positions.len(), 2);
        let huge = "x".repeat(2 * MAX_POSITION_BYTES);
        let mut w = window(0, 10);
        w.see(0, || json!(huge));
        w.see(1, || json!(huge));
        assert_eq!(w.positions.len(), 1);
    }
}
