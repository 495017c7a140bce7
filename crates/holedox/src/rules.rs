//! The rules of Holedox Moving, in one place.
//!
//! Everything that decides what a lair, a body and a legal move are lives in
//! this file: the parser asks [`check_next_segment`] whether a body is a
//! chain, the checker replays plans through [`step`], and the solver takes
//! its one rule-dependent number, how many leading segments the head may not
//! enter, from [`TailRule::blocking_segments`]. The solver moves a packed
//! encoding of the same body for speed; the randomized tests hold the two
//! against each other and against an independent naive solver.
//!
//! Positions are 0-based [`Pos`] values inside the program; every message
//! prints them 1-based (`row 2, column 4`), as users count.
//!
//! The lair and the body are validated when a [`Case`] is built, so the
//! solver never sees a body off the lair, on a stone, broken, or too long to
//! pack: it can index without checks and still never panic.

use std::fmt;

use gridpuzzle_engine::{Dir, Grid, Pos};

/// The largest number of rows or of columns a lair may have.
pub const MAX_SIDE: u32 = 10_000;

/// The largest number of cells a lair may have (16 Mi: a 16 MB stone map).
pub const MAX_CELLS: u64 = 1 << 24;

/// Whether the head may follow its own tail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TailRule {
    /// The judge's rule (the official sample decides it): the head may not
    /// enter any cell of the body as it is before the move, tail included.
    #[default]
    Strict,
    /// The Snake video-game rule: the head may also enter the cell the tail
    /// occupies before the move, since the tail leaves it in the same step.
    Lenient,
}

impl TailRule {
    /// How many leading segments `B1..Bk` of a body of `len` segments the
    /// head may not enter. (`B1` is the head itself, which no move targets;
    /// with `len == 1` there is nothing to hit under either rule.)
    pub fn blocking_segments(self, len: usize) -> usize {
        match self {
            TailRule::Strict => len,
            TailRule::Lenient if len >= 2 => len - 1,
            TailRule::Lenient => len,
        }
    }
}

impl std::str::FromStr for TailRule {
    type Err = String;

    /// `strict` or `lenient`, as every front end writes it.
    fn from_str(s: &str) -> Result<TailRule, String> {
        match s {
            "strict" => Ok(TailRule::Strict),
            "lenient" => Ok(TailRule::Lenient),
            _ => Err(format!("expected `strict` or `lenient`, found `{s}`")),
        }
    }
}

impl fmt::Display for TailRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TailRule::Strict => "strict",
            TailRule::Lenient => "lenient",
        })
    }
}

/// Why a lair cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LairError {
    #[error("a lair needs at least one row and one column")]
    Empty,
    #[error(
        "a lair of {rows}×{cols} is too large (at most {MAX_SIDE} rows, \
         {MAX_SIDE} columns and {MAX_CELLS} cells)"
    )]
    TooLarge { rows: u32, cols: u32 },
    #[error("the exit at {exit} is outside a lair of {rows}×{cols}")]
    ExitOutside { exit: Pos, rows: u32, cols: u32 },
}

/// The rectangle, its stones and its exit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lair {
    stones: Grid<bool>,
    exit: Pos,
}

impl Lair {
    /// A lair without stones. Sizes are capped ([`MAX_SIDE`], [`MAX_CELLS`])
    /// so that nothing huge is ever allocated; the exit must be inside.
    pub fn new(rows: u32, cols: u32, exit: Pos) -> Result<Lair, LairError> {
        if rows == 0 || cols == 0 {
            return Err(LairError::Empty);
        }
        if rows > MAX_SIDE || cols > MAX_SIDE || rows as u64 * cols as u64 > MAX_CELLS {
            return Err(LairError::TooLarge { rows, cols });
        }
        if exit.row >= rows || exit.col >= cols {
            return Err(LairError::ExitOutside { exit, rows, cols });
        }
        Ok(Lair {
            stones: Grid::filled(cols, rows, false),
            exit,
        })
    }

    pub fn rows(&self) -> u32 {
        self.stones.height()
    }

    pub fn cols(&self) -> u32 {
        self.stones.width()
    }

    pub fn exit(&self) -> Pos {
        self.exit
    }

    /// The same lair with its exit at `exit` (a rule setting: the judge's
    /// exit is (1, 1), a known wrong reading puts it at the far corner).
    pub fn with_exit(&self, exit: Pos) -> Result<Lair, LairError> {
        let (rows, cols) = (self.rows(), self.cols());
        if exit.row >= rows || exit.col >= cols {
            return Err(LairError::ExitOutside { exit, rows, cols });
        }
        Ok(Lair {
            stones: self.stones.clone(),
            exit,
        })
    }

    /// The corner opposite the judge's exit: `(n, m)`, 0-based.
    pub fn far_corner(&self) -> Pos {
        Pos::new(self.rows() - 1, self.cols() - 1)
    }

    /// The stone map: `true` where a stone is.
    pub fn stones(&self) -> &Grid<bool> {
        &self.stones
    }

    pub fn contains(&self, p: Pos) -> bool {
        self.stones.contains(p)
    }

    /// True for a stone; false for a free cell and for anything outside.
    pub fn is_stone(&self, p: Pos) -> bool {
        self.stones.get(p).copied().unwrap_or(false)
    }

    /// Inside the lair and not a stone.
    pub fn is_free(&self, p: Pos) -> bool {
        self.stones.get(p).is_some_and(|&s| !s)
    }

    /// Puts (or removes) a stone; `false` when `p` is outside the lair.
    /// A stone on the exit is allowed: the head can then never get there.
    pub fn set_stone(&mut self, p: Pos, stone: bool) -> bool {
        if !self.contains(p) {
            return false;
        }
        self.stones.set(p, stone);
        true
    }
}

/// Why a body is not a valid body for a lair. Segments are numbered from 1
/// (the head).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BodyFault {
    #[error("the body has no segments")]
    Empty,
    #[error(
        "a body of {len} segments is too long: the solver packs its state into \
         64 bits, which allows at most {max} segments in a {rows}×{cols} lair"
    )]
    TooLong {
        len: usize,
        max: u32,
        rows: u32,
        cols: u32,
    },
    #[error("body segment {segment} at {at} is outside the lair")]
    Outside { segment: usize, at: Pos },
    #[error("body segment {segment} at {at} is on a stone")]
    OnStone { segment: usize, at: Pos },
    #[error("body segment {segment} at {at} is on the same cell as segment {first}")]
    Repeated {
        segment: usize,
        at: Pos,
        first: usize,
    },
    #[error("body segment {segment} at {at} is not side-adjacent to segment {} at {prev}", .segment - 1)]
    NotAdjacent { segment: usize, at: Pos, prev: Pos },
}

/// True when `a` and `b` share a side.
pub fn adjacent(a: Pos, b: Pos) -> bool {
    a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1
}

/// Whether `next` may follow the segments `before` (head first): it must
/// differ from all of them and share a side with the last one. This is the
/// chain rule, checked one segment at a time so the parser can point at the
/// offending line.
pub fn check_next_segment(before: &[Pos], next: Pos) -> Result<(), BodyFault> {
    let segment = before.len() + 1;
    if let Some(i) = before.iter().position(|&p| p == next) {
        return Err(BodyFault::Repeated {
            segment,
            at: next,
            first: i + 1,
        });
    }
    match before.last() {
        Some(&prev) if !adjacent(prev, next) => Err(BodyFault::NotAdjacent {
            segment,
            at: next,
            prev,
        }),
        _ => Ok(()),
    }
}

/// The longest body whose packed state fits in 64 bits for a lair of
/// `rows × cols` (for example 28 for 20×20, 26 for 100×100): the solver
/// packs a body as its head's index in the lair padded with a ring of
/// stones and two bits a link (the solver's module says how), and every body this
/// crate accepts must fit, so the limit is a rule of the input here, where
/// [`check_body`] and the parser read it.
pub fn max_len_for(rows: u32, cols: u32) -> u32 {
    let padded = (rows as u64 + 2) * (cols as u64 + 2);
    let head_bits = 64 - (padded - 1).leading_zeros();
    1 + (64 - head_bits) / 2
}

/// Checks a whole body against a lair: non-empty, short enough for the
/// solver's 64-bit state, inside, off the stones, a chain of distinct
/// side-adjacent cells.
pub fn check_body(lair: &Lair, body: &[Pos]) -> Result<(), BodyFault> {
    if body.is_empty() {
        return Err(BodyFault::Empty);
    }
    let max = max_len_for(lair.rows(), lair.cols());
    if body.len() > max as usize {
        return Err(BodyFault::TooLong {
            len: body.len(),
            max,
            rows: lair.rows(),
            cols: lair.cols(),
        });
    }
    for (i, &p) in body.iter().enumerate() {
        if !lair.contains(p) {
            return Err(BodyFault::Outside {
                segment: i + 1,
                at: p,
            });
        }
        if lair.is_stone(p) {
            return Err(BodyFault::OnStone {
                segment: i + 1,
                at: p,
            });
        }
        check_next_segment(&body[..i], p)?;
    }
    Ok(())
}

/// One puzzle: a lair and a valid body in it (head first).
///
/// The fields are private so that every `Case` has passed [`check_body`]:
/// the solver relies on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    lair: Lair,
    body: Vec<Pos>,
}

impl Case {
    pub fn new(lair: Lair, body: Vec<Pos>) -> Result<Case, BodyFault> {
        check_body(&lair, &body)?;
        Ok(Case { lair, body })
    }

    /// A case the parser has checked piece by piece as it read it: every
    /// cell inside the lair (by its range), each segment by
    /// [`check_next_segment`], each stone off the body, the length within
    /// [`max_len_for`]. That is all [`check_body`] checks,
    /// so it is not run again (it cost as much as reading the body).
    pub(crate) fn parsed(lair: Lair, body: Vec<Pos>) -> Case {
        debug_assert_eq!(check_body(&lair, &body), Ok(()));
        Case { lair, body }
    }

    pub fn lair(&self) -> &Lair {
        &self.lair
    }

    /// The body, head first.
    pub fn body(&self) -> &[Pos] {
        &self.body
    }

    pub fn into_parts(self) -> (Lair, Vec<Pos>) {
        (self.lair, self.body)
    }

    /// The same case with the exit at `exit` (a body is valid whatever
    /// the exit, so only an exit outside the lair is refused).
    pub fn with_exit(&self, exit: Pos) -> Result<Case, LairError> {
        Ok(Case {
            lair: self.lair.with_exit(exit)?,
            body: self.body.clone(),
        })
    }
}

/// Why a move is not allowed. Positions print 1-based.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    #[error("there is no body to move")]
    NoBody,
    #[error("the head would leave the lair going {} from {from}", .dir.word())]
    OffEdge { from: Pos, dir: Dir },
    #[error("the head would move into the stone at {at}")]
    Stone { at: Pos },
    #[error("the head would move into its own body at {at} ({})", SegmentName { segment: *.segment, tail: *.tail })]
    Body {
        at: Pos,
        /// 1-based segment number (1 is the head).
        segment: usize,
        /// The segment is the tail.
        tail: bool,
    },
}

struct SegmentName {
    segment: usize,
    tail: bool,
}

impl fmt::Display for SegmentName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.tail {
            write!(f, "its tail")
        } else {
            write!(f, "segment {}", self.segment)
        }
    }
}

/// Moves the head one cell in `dir`; every other segment takes the place of
/// the one before it. On error the body is left unchanged.
///
/// The target must be inside the lair, not a stone, and not one of the first
/// [`TailRule::blocking_segments`] segments of the body as it is before the
/// move (all of them under [`TailRule::Strict`]).
pub fn step(lair: &Lair, body: &mut [Pos], dir: Dir, rule: TailRule) -> Result<(), Illegal> {
    let Some(&head) = body.first() else {
        return Err(Illegal::NoBody);
    };
    let target = lair
        .stones
        .step(head, dir)
        .ok_or(Illegal::OffEdge { from: head, dir })?;
    if lair.is_stone(target) {
        return Err(Illegal::Stone { at: target });
    }
    let blocking = rule.blocking_segments(body.len());
    if let Some(i) = body[..blocking].iter().position(|&p| p == target) {
        return Err(Illegal::Body {
            at: target,
            segment: i + 1,
            tail: i + 1 == body.len(),
        });
    }
    body.rotate_right(1);
    body[0] = target;
    Ok(())
}

/// The first illegal move of a plan.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {} ({dir}) is illegal: {reason}", .index + 1)]
pub struct Rejected {
    /// 0-based index of the move in the plan.
    pub index: usize,
    pub dir: Dir,
    pub reason: Illegal,
}

/// Applies a plan to a body and returns the final body, or the first move
/// that breaks the rules.
pub fn replay(
    lair: &Lair,
    body: &[Pos],
    plan: &[Dir],
    rule: TailRule,
) -> Result<Vec<Pos>, Rejected> {
    let mut body = body.to_vec();
    for (index, &dir) in plan.iter().enumerate() {
        step(lair, &mut body, dir, rule).map_err(|reason| Rejected { index, dir, reason })?;
    }
    Ok(body)
}

/// True when the head is on the exit.
pub fn is_goal(lair: &Lair, body: &[Pos]) -> bool {
    body.first() == Some(&lair.exit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use Dir::{Down, Left, Right, Up};

    fn p(row: u32, col: u32) -> Pos {
        // 1-based in tests, as in the spec.
        Pos::new(row - 1, col - 1)
    }

    fn lair(rows: u32, cols: u32, stones: &[(u32, u32)]) -> Lair {
        let mut l = Lair::new(rows, cols, Pos::new(0, 0)).unwrap();
        for &(r, c) in stones {
            assert!(l.set_stone(p(r, c), true));
        }
        l
    }

    /// A 2×2 square: the head is next to its tail.
    fn square() -> Vec<Pos> {
        vec![p(1, 1), p(1, 2), p(2, 2), p(2, 1)]
    }

    #[test]
    fn strict_forbids_the_tail_lenient_allows_it() {
        let l = lair(3, 3, &[]);
        let mut body = square();
        let err = step(&l, &mut body, Down, TailRule::Strict).unwrap_err();
        assert_eq!(
            err,
            Illegal::Body {
                at: p(2, 1),
                segment: 4,
                tail: true
            }
        );
        assert_eq!(
            err.to_string(),
            "the head would move into its own body at row 2, column 1 (its tail)"
        );
        assert_eq!(body, square(), "a refused move changes nothing");
        step(&l, &mut body, Down, TailRule::Lenient).unwrap();
        assert_eq!(body, vec![p(2, 1), p(1, 1), p(1, 2), p(2, 2)]);
    }

    #[test]
    fn lenient_still_forbids_the_rest_of_the_body() {
        let l = lair(3, 3, &[]);
        let mut body = square();
        let err = step(&l, &mut body, Right, TailRule::Lenient).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the head would move into its own body at row 1, column 2 (segment 2)"
        );
    }

    #[test]
    fn two_long_bodies_can_turn_around_only_when_lenient() {
        let l = lair(1, 3, &[]);
        let mut body = vec![p(1, 2), p(1, 3)];
        assert!(step(&l, &mut body, Right, TailRule::Strict).is_err());
        step(&l, &mut body, Right, TailRule::Lenient).unwrap();
        assert_eq!(body, vec![p(1, 3), p(1, 2)]);
    }

    #[test]
    fn a_one_cell_body_moves_freely() {
        let l = lair(2, 2, &[]);
        for rule in [TailRule::Strict, TailRule::Lenient] {
            let end = replay(&l, &[p(2, 2)], &[Up, Left, Down, Right], rule).unwrap();
            assert_eq!(end, vec![p(2, 2)]);
        }
    }

    #[test]
    fn stones_and_edges_stop_the_head() {
        let l = lair(3, 3, &[(2, 2)]);
        let mut body = vec![p(2, 1), p(3, 1)];
        let err = step(&l, &mut body, Right, TailRule::Strict).unwrap_err();
        assert_eq!(err, Illegal::Stone { at: p(2, 2) });
        assert_eq!(
            err.to_string(),
            "the head would move into the stone at row 2, column 2"
        );
        let err = step(&l, &mut body, Left, TailRule::Strict).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the head would leave the lair going left from row 2, column 1"
        );
        step(&l, &mut body, Up, TailRule::Strict).unwrap();
        assert!(is_goal(&l, &body));
    }

    #[test]
    fn replay_names_the_first_bad_move() {
        let l = lair(3, 3, &[]);
        let err = replay(&l, &square(), &[Left, Down], TailRule::Lenient).unwrap_err();
        assert_eq!(err.index, 0);
        assert_eq!(
            err.to_string(),
            "move 1 (L) is illegal: the head would leave the lair going left from row 1, column 1"
        );
        let err = replay(&l, &square(), &[Down, Down, Down], TailRule::Lenient).unwrap_err();
        assert_eq!(err.index, 2);
        assert!(matches!(err.reason, Illegal::OffEdge { .. }));
        assert_eq!(
            replay(&l, &[], &[Up], TailRule::Strict).unwrap_err().reason,
            Illegal::NoBody
        );
    }

    #[test]
    fn bodies_are_checked() {
        let l = lair(3, 3, &[(3, 3)]);
        let fault = |body: &[Pos]| check_body(&l, body).unwrap_err().to_string();
        assert_eq!(fault(&[]), "the body has no segments");
        assert_eq!(
            fault(&[p(1, 1), p(1, 2), p(1, 1)]),
            "body segment 3 at row 1, column 1 is on the same cell as segment 1"
        );
        assert_eq!(
            fault(&[p(1, 1), p(2, 2)]),
            "body segment 2 at row 2, column 2 is not side-adjacent to segment 1 at row 1, column 1"
        );
        assert_eq!(
            fault(&[p(2, 3), p(3, 3)]),
            "body segment 2 at row 3, column 3 is on a stone"
        );
        assert_eq!(
            fault(&[p(1, 3), p(1, 4)]),
            "body segment 2 at row 1, column 4 is outside the lair"
        );
        assert!(check_body(&l, &square()).is_ok());
        let long: Vec<Pos> = (0..40).map(|c| Pos::new(0, c)).collect();
        let wide = Lair::new(1, 40, Pos::new(0, 0)).unwrap();
        assert!(matches!(
            check_body(&wide, &long),
            Err(BodyFault::TooLong { len: 40, .. })
        ));
    }

    #[test]
    fn lairs_are_capped() {
        assert_eq!(Lair::new(0, 3, Pos::new(0, 0)), Err(LairError::Empty));
        assert!(matches!(
            Lair::new(10_001, 1, Pos::new(0, 0)),
            Err(LairError::TooLarge { .. })
        ));
        assert!(matches!(
            Lair::new(5000, 5000, Pos::new(0, 0)),
            Err(LairError::TooLarge { .. })
        ));
        assert_eq!(
            Lair::new(2, 2, p(3, 1)).unwrap_err().to_string(),
            "the exit at row 3, column 1 is outside a lair of 2×2"
        );
        let mut l = lair(2, 2, &[]);
        assert!(!l.set_stone(p(3, 3), true));
        assert!(!l.is_stone(p(3, 3)));
        assert!(!l.is_free(p(3, 3)));
    }
}
