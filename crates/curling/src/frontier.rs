//! The frontier bound, for uncapped searches that the pass table
//! ([`crate::bound`]) leaves hard: dense boards whose start and goal lie
//! far apart.
//!
//! # Why another bound
//!
//! The pass table lets throw `t` slide through `t - 1` blocks broken by
//! the throws before it, wherever they are. On a board with 28 % blocks and
//! the goal 110 rows away, that makes a relaxed stone climb faster with
//! every throw, and the bound at the start is 9 where the answer is over 20.
//! A real stone cannot: a block is broken by a throw that stops right in
//! front of it, so a block can only be slid through once the stone has
//! stopped next to it. Blocks farther toward the goal than the stone has
//! ever been are still standing.
//!
//! # The relaxed game
//!
//! Take one axis and one side of it: say rows, toward row 0. The
//! **frontier** `f` is the smallest row the stone has stopped on (the
//! search's state counts as a stop). A relaxed throw:
//!
//! 1. may slide through any block on rows `≥ f - 1`, and through no other;
//! 2. may stop in front of any block along its path (having slid through
//!    the ones before it), and enters the goal when the goal lies on its
//!    path before a block it may not slide through;
//! 3. moves the frontier to its stop's row if that is smaller.
//!
//! **Why it never overestimates.** Take a real plan from a state with the
//! stone on `x` and broken set `B`, and start the relaxed game at the
//! frontier `f0 = min(row(x), min over B of row(b) + 1)`. A block a real
//! throw slides through is broken: it is in `B`, on a row `≥ f0 - 1 ≥
//! f - 1`; or an earlier throw of the plan broke it by stopping in front of
//! it, so it lies next to that stop, on a row `≥ row(stop) - 1 ≥ f - 1`
//! (the frontier only falls). Rule 1 allows it. The real throw stops in
//! front of a standing block of the starting board or enters the goal
//! (rule 2), and rule 3 only follows it. So every real plan is a relaxed
//! plan, and `T(x, f0)`, the fewest relaxed throws, is at most the real
//! answer. A smaller frontier only allows more, so the table may be asked
//! with any frontier at most `f0`.
//!
//! # The table
//!
//! `T(x, f)` for every cell and every frontier `f ≤ row(x)`, computed for
//! frontiers in increasing order: from frontier `f` a stop on a row below
//! `f` moves to a smaller frontier, whose values are final, and a stop on
//! a row `≥ f` stays at `f`. Within one frontier the values are shortest
//! paths, found by repeated sweeps along every line in every direction,
//! each computing, from the far end back, the best outcome of a slide that
//! enters each cell. The four orientations (rows or columns, toward the
//! low or the high end) are one computation on a transposed or mirrored
//! copy of the board. Only every second frontier is kept, or fewer, so
//! that a table holds at most 8 M values (8 MB), whatever the board. The
//! search builds the tables toward the goal on both axes, and takes the
//! larger of their values and the other bounds. A table costs a few sweeps
//! per kept frontier: the two take about 0.08 s on a 126×126 board and
//! 0.25 s on a 200×200 one, which is why the search builds them only once
//! it has spent about that long; and a table whose sweeps would visit
//! more than 134 M cells (a huge board, or a maze that makes the sweeps
//! repeat) is given up part-way and the search goes on without it.
//!
//! Measured (BENCHMARKS.md): boards 1, 2 and 4 of
//! `bench/curling/big150-open.in`, which the pass table left at 9, 9 and
//! 7 at the start with answers 29, 24 and 18, start at 17, 16 and 8 with
//! these tables and are decided in 3.7 s, 0.35 s and 0.24 s.

use crate::rules::{Board, Cell};

/// Unknown or unreachable: 255 throws or more.
const FAR: u8 = u8::MAX;

/// The table keeps every `step`-th frontier and rounds a frontier down to
/// one of them: a smaller frontier only allows more (see the module docs),
/// so the rounded table is a relaxation of the exact one and costs `step`
/// times less to build. `step` is at least 2, and larger where the kept
/// levels would hold more than `TABLE_CELLS` values.
const MIN_STEP: usize = 2;
const TABLE_CELLS: usize = 1 << 23;

/// Cells a table's sweeps may visit in all before it is given up (none is
/// built then, and the search goes on with its other bounds): the sweeps
/// repeat until nothing changes, and a maze could make them repeat for
/// long. A table of a 200×200 board with 10 % blocks visits 30 M cells,
/// a quarter of this, in about 0.12 s.
const WORK: u64 = 1 << 27;

/// Which way the frontier runs: along rows or columns, and toward the low
/// or the high end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Side {
    pub rows: bool,
    pub toward_low: bool,
}

/// `T(x, f)` for one side (see the module docs).
pub struct FrontierTable {
    side: Side,
    /// The board's width and height.
    width: usize,
    height: usize,
    /// The canonical copy's height (frontier values) and cells, and the
    /// frontiers kept: every `step`-th.
    levels: usize,
    cells: usize,
    step: usize,
    /// `values[f * cells + canonical cell]`.
    values: Vec<u8>,
}

/// A cell of the canonical copy.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Ice,
    Block,
    Goal,
}

impl FrontierTable {
    /// The table, or `None` when its sweeps would take more than `WORK`.
    pub fn new(board: &Board, side: Side) -> Option<FrontierTable> {
        FrontierTable::within(board, side, WORK)
    }

    /// The table, or `None` when its sweeps would visit more than `work`
    /// cells.
    fn within(board: &Board, side: Side, work_limit: u64) -> Option<FrontierTable> {
        let (width, height) = (board.width() as usize, board.height() as usize);
        let (h, w) = if side.rows {
            (height, width)
        } else {
            (width, height)
        };
        let cells = h * w;
        let mut kinds = vec![Kind::Ice; cells];
        for row in 0..height {
            for col in 0..width {
                let kind = match board.grid().cells()[row * width + col] {
                    Cell::Block => Kind::Block,
                    Cell::Goal => Kind::Goal,
                    Cell::Ice | Cell::Start => Kind::Ice,
                };
                let (r, c) = canonical(side, height, width, row, col);
                kinds[r * w + c] = kind;
            }
        }
        let step = (h * cells).div_ceil(TABLE_CELLS).max(MIN_STEP);
        let mut values = vec![FAR; h.div_ceil(step) * cells];
        let mut work = 0;
        for f in (0..h).step_by(step) {
            work = layer(&kinds, (h, w), f, step, &mut values, (work, work_limit));
            if work > work_limit {
                return None;
            }
        }
        Some(FrontierTable {
            side,
            width,
            height,
            levels: h,
            cells,
            step,
            values,
        })
    }

    pub fn side(&self) -> Side {
        self.side
    }

    /// `T` at the board cell (`row`, `col`) with frontier `f0` given in the
    /// board's own terms: `low` the least row (or column) of the frontier
    /// side so far, `high` the greatest (see [`Reach`]). `None` where the
    /// table knows nothing (255 or more).
    pub fn get(&self, row: usize, col: usize, reach: &Reach) -> Option<u32> {
        let (r, c) = canonical(self.side, self.height, self.width, row, col);
        let w = self.cells / self.levels;
        // The frontier in canonical rows: the stone's own row, or one past
        // the farthest broken block toward the low end.
        let broken = match (self.side.rows, self.side.toward_low) {
            (true, true) => reach.min_row.map(|b| b + 1),
            (true, false) => reach.max_row.map(|b| self.height - b),
            (false, true) => reach.min_col.map(|b| b + 1),
            (false, false) => reach.max_col.map(|b| self.width - b),
        };
        let f = broken.map_or(r, |b| b.min(r)) / self.step;
        let v = self.values[f * self.cells + r * w + c];
        (v != FAR).then_some(v as u32)
    }
}

/// The broken blocks' extent: the least and greatest row and column of any
/// broken block, kept as blocks break and mend.
#[derive(Debug, Clone, Default)]
pub struct Reach {
    min_row: Option<usize>,
    max_row: Option<usize>,
    min_col: Option<usize>,
    max_col: Option<usize>,
    before: Vec<[Option<usize>; 4]>,
}

impl Reach {
    #[inline]
    pub fn break_at(&mut self, row: usize, col: usize) {
        self.before
            .push([self.min_row, self.max_row, self.min_col, self.max_col]);
        self.min_row = Some(self.min_row.map_or(row, |m| m.min(row)));
        self.max_row = Some(self.max_row.map_or(row, |m| m.max(row)));
        self.min_col = Some(self.min_col.map_or(col, |m| m.min(col)));
        self.max_col = Some(self.max_col.map_or(col, |m| m.max(col)));
    }

    /// Takes back the last break.
    #[inline]
    pub fn mend(&mut self) {
        let [a, b, c, d] = self.before.pop().expect("mend follows break_at");
        (self.min_row, self.max_row, self.min_col, self.max_col) = (a, b, c, d);
    }
}

/// A board cell's place in the canonical copy, where the frontier is the
/// least row.
#[inline]
fn canonical(side: Side, height: usize, width: usize, row: usize, col: usize) -> (usize, usize) {
    match (side.rows, side.toward_low) {
        (true, true) => (row, col),
        (true, false) => (height - 1 - row, col),
        (false, true) => (col, row),
        (false, false) => (width - 1 - col, row),
    }
}

/// Fills `T(·, f)` for the cells on rows `≥ f`, the kept levels below `f`
/// being final. `work` is the cells visited so far, and the layer returns
/// it with its own visits added; past `limit` it stops sweeping,
/// unfinished, its values then too high, and the caller drops the table.
fn layer(
    kinds: &[Kind],
    (h, w): (usize, usize),
    f: usize,
    step: usize,
    values: &mut [u8],
    (mut work, limit): (u64, u64),
) -> u64 {
    let cells = h * w;
    let passable = |r: usize| r + 1 >= f;
    loop {
        let mut changed = false;
        // Directions: up, down (along columns), left, right (along rows).
        for dir in 0..4 {
            // Throwers are on rows `≥ f`: a slide down or along a row never
            // leaves them, only a slide up (toward row 0) needs the rows
            // above.
            let (lines, len) = match dir {
                0 => (0..w, h),
                1 => (0..w, h - f),
                _ => (f..h, w),
            };
            work += (lines.len() * len) as u64;
            for line in lines {
                // Cells of the line in the order of the slide.
                let at = |k: usize| -> (usize, usize) {
                    match dir {
                        0 => (h - 1 - k, line),
                        1 => (f + k, line),
                        2 => (line, w - 1 - k),
                        _ => (line, k),
                    }
                };
                // `enter` is the best outcome of a slide entering the cell
                // after the current one (FAR past the edge).
                let mut enter = FAR;
                let mut next_is_block = false;
                for k in (0..len).rev() {
                    let (r, c) = at(k);
                    let i = r * w + c;
                    // The thrower one cell back enters this cell.
                    let here = match kinds[i] {
                        Kind::Goal => 0,
                        Kind::Block if !passable(r) => FAR,
                        _ => {
                            let mut best = enter;
                            if next_is_block {
                                // Stop here, in front of the next cell.
                                let level = if r >= f { f } else { r } / step;
                                best = best.min(values[level * cells + i]);
                            }
                            best
                        }
                    };
                    if k > 0 {
                        let (tr, tc) = at(k - 1);
                        if tr >= f && kinds[tr * w + tc] != Kind::Goal {
                            let slot = &mut values[f / step * cells + tr * w + tc];
                            let v = here.saturating_add(1);
                            if v < *slot {
                                *slot = v;
                                changed = true;
                            }
                        }
                    }
                    enter = here;
                    next_is_block = kinds[i] == Kind::Block;
                }
            }
        }
        if !changed || work > limit {
            return work;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bound::tests::random_walk;
    use crate::solve::tests::random_board;
    use gridpuzzle_engine::rng::SplitMix64;

    const SIDES: [Side; 4] = [
        Side {
            rows: true,
            toward_low: true,
        },
        Side {
            rows: true,
            toward_low: false,
        },
        Side {
            rows: false,
            toward_low: true,
        },
        Side {
            rows: false,
            toward_low: false,
        },
    ];

    #[test]
    fn the_frontier_bound_never_exceeds_the_exact_distance() {
        let mut rng = SplitMix64::new(0xF20_7713);
        let (mut states, mut above_one) = (0, 0);
        for _ in 0..12_000 {
            let (w, h) = (rng.range(2, 9) as u32, rng.range(1, 9) as u32);
            let b = random_board(&mut rng, w, h);
            if b.blocks().len() > 14 {
                continue;
            }
            let tables: Vec<FrontierTable> = SIDES
                .iter()
                .map(|&s| FrontierTable::new(&b, s).expect("small boards fit the work"))
                .collect();
            random_walk(&b, &mut rng, |s, exact| {
                states += 1;
                let mut reach = Reach::default();
                for &id in s.broken.ids() {
                    let p = b.blocks()[id as usize];
                    reach.break_at(p.row as usize, p.col as usize);
                }
                for t in &tables {
                    let v = t.get(s.stone.row as usize, s.stone.col as usize, &reach);
                    assert!(
                        v.unwrap_or(0) <= exact,
                        "{:?}: {v:?} > {exact}: {b:?} {s:?}",
                        t.side()
                    );
                    above_one += (v.unwrap_or(0) > 2) as u32;
                }
            });
        }
        eprintln!("{states} states, {above_one} bounds above 2");
        assert!(states > 6_000 && above_one > 1_500, "{states} {above_one}");
    }

    #[test]
    fn a_table_past_its_work_is_given_up() {
        let mut rng = SplitMix64::new(3);
        let b = random_board(&mut rng, 40, 40);
        let side = SIDES[0];
        assert!(FrontierTable::within(&b, side, 1_000).is_none());
        assert!(FrontierTable::within(&b, side, WORK).is_some());
    }

    #[test]
    fn reach_follows_breaks_and_mends() {
        let mut reach = Reach::default();
        reach.break_at(3, 4);
        reach.break_at(1, 7);
        assert_eq!(
            (reach.min_row, reach.max_row, reach.min_col, reach.max_col),
            (Some(1), Some(3), Some(4), Some(7))
        );
        reach.mend();
        assert_eq!(
            (reach.min_row, reach.max_row, reach.min_col, reach.max_col),
            (Some(3), Some(3), Some(4), Some(4))
        );
        reach.mend();
        assert_eq!(reach.min_row, None);
    }
}
