//! The positions the page draws, answered by `/api/play` when a request
//! asks for them with `"positions": [FROM, TO]`: the whole position
//! ([`Page::position_json`](gridpuzzle_engine::caps::Page::position_json))
//! after FROM, FROM + 1, …, TO moves (0 is the start), as far as the moves
//! were played. So the page keeps no rule: it draws these, never a position
//! it worked out from the changes in `steps`.
//!
//! Bounded so an answer does not grow with moves × board: at most
//! [`MAX_POSITIONS`] positions and about [`MAX_POSITION_BYTES`] bytes of
//! them (at least one); the page asks for the next window when it needs
//! it. A request without `positions` (or with `null`) is answered exactly
//! as before.
//!
//! A [`Window`] is filled by `/api/play`'s own replay, in the same pass that
//! writes its `steps`: it asks [`Window::wants`] before a position's JSON
//! is built, so the moves outside the window cost nothing more.

use serde::{Deserialize, Deserializer};
use serde_json::Value;

use crate::request::checked;

/// Most positions in one answer.
pub const MAX_POSITIONS: usize = 1000;

/// About the most bytes of positions in one answer (a position past it is
/// left out, unless it is the first).
pub const MAX_POSITION_BYTES: usize = 1 << 20;

/// `positions`: a window of positions asked for, and the ones collected
/// so far.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Window {
    from: usize,
    to: usize,
    positions: Vec<Value>,
    bytes: usize,
    full: bool,
}

impl<'de> Deserialize<'de> for Window {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Window, D::Error> {
        checked(d, Window::read)
    }
}

impl Window {
    /// Reads `[FROM, TO]`, the words of the refusal quoting what was sent.
    fn read(v: &Value) -> Result<Window, String> {
        let bad = || {
            format!(
                "`positions` must be [FROM, TO], move counts with FROM <= TO (0 is the start), found {v}"
            )
        };
        let pair = v.as_array().filter(|a| a.len() == 2).ok_or_else(bad)?;
        let (from, to) = match (pair[0].as_u64(), pair[1].as_u64()) {
            (Some(f), Some(t)) if f <= t => (f, t),
            _ => return Err(bad()),
        };
        let clamp = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        Ok(Window {
            from: clamp(from),
            to: clamp(to),
            positions: Vec::new(),
            bytes: 0,
            full: false,
        })
    }

    /// Whether the position after `k` moves is still wanted: a play loop
    /// asks before it builds the position's JSON.
    pub(crate) fn wants(&self, k: usize) -> bool {
        !self.full && k >= self.from && k <= self.to
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

    /// The positions kept, for the answer.
    pub(crate) fn into_positions(self) -> Vec<Value> {
        self.positions
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn window(from: u64, to: u64) -> Window {
        Window::read(&json!([from, to])).unwrap()
    }

    #[test]
    fn windows_read_and_refuse() {
        assert_eq!(window(2, 4).from, 2);
        assert_eq!(
            serde_json::from_value::<Option<Window>>(Value::Null).unwrap(),
            None
        );
        for bad in [
            json!(3),
            json!([1]),
            json!([2, 1]),
            json!([-1, 2]),
            json!(["0", 1]),
        ] {
            let e = serde_json::from_value::<Window>(bad.clone()).unwrap_err();
            assert!(
                e.to_string()
                    .starts_with("`positions` must be [FROM, TO], move counts"),
                "{bad}: {e}"
            );
        }
    }

    #[test]
    fn a_window_keeps_what_it_asked_for_up_to_its_bounds() {
        let mut w = window(2, 4);
        for k in 0..10 {
            w.see(k, || json!(k));
        }
        assert_eq!(w.into_positions(), [json!(2), json!(3), json!(4)]);

        let mut w = window(0, u64::MAX);
        for k in 0..2 * MAX_POSITIONS {
            w.see(k, || json!(k));
        }
        assert_eq!(w.positions.len(), MAX_POSITIONS);
        assert!(!w.wants(5));

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
