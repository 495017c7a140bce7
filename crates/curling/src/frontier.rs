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
//!
//! # Both axes at once: the corner table
//!
//! The two tables above each forget the other axis: in the rows' game a
//! throw along a row slides through every block of it, so moving sideways
//! is almost free, and the other way round. When the goal is far away on
//! both axes, the real answer pays for both and each table sees half.
//! [`CornerTable`] plays the game with both frontiers at once, toward the
//! goal's side on each: a block may be slid through only if it lies at
//! most one row past the row frontier *and* at most one column past the
//! column frontier. The proof above holds for each axis, so it holds for
//! both: a block a real throw slides through is broken, so it lies next to
//! an earlier stop (or in `B`), which puts it within both limits. The game
//! allows less than either one-axis game, so its value is at least theirs
//! (at the same rounding).
//!
//! A smaller frontier only allows more, so the table may be asked with
//! the frontiers moved back to the start's row and column where they lie
//! beyond them (the stone behind the start), and keeps only the layers
//! `(fr, fc)` between the start and the goal's side: every frontier where
//! those fit in 8 M values, else every second or more within 32 M, and
//! [`CornerTable::finest`] every frontier within 64 M. A layer is computed
//! after all the
//! layers with smaller frontiers, with the same sweeps; the parts of the
//! slides up and left that leave the layer's quadrant stop only in final
//! layers, so they are worked out once per layer instead of once per
//! sweep, and a slide along a row carries the value its thrower just took
//! to the next cell in a register. On `bench/curling/far8.in`, the eight
//! boards of `random_big.py 300 16` that the one-axis tables left
//! undecided at 5 s, the bound at the start goes from 13–16 to 17–24
//! (answers 25–32); a table costs 0.2–0.5 s there, which is why the search
//! builds it only after the one-axis tables have not been enough for
//! another 4 M bounds. A search still going 8 M bounds later builds
//! [`CornerTable::finest`], every frontier kept, if it fits in 64 M
//! values: on board 5 of `far8.in` it says 24 at the start where every
//! second frontier says 22, and costs 1.5 s.

use gridpuzzle_engine::search::Limits;

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
    /// The table, or `None` when its sweeps would take more than `WORK`
    /// or `limits` run out of time (or are cancelled) before it is done.
    pub fn new(board: &Board, side: Side, limits: &Limits) -> Option<FrontierTable> {
        FrontierTable::within(board, side, WORK, limits)
    }

    /// The table, or `None` when its sweeps would visit more than `work`
    /// cells.
    fn within(
        board: &Board,
        side: Side,
        work_limit: u64,
        limits: &Limits,
    ) -> Option<FrontierTable> {
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
        // The table only speeds the search up: without room in the run's
        // memory budget now, the search goes on without it.
        let _room = limits.try_admit(cells + h.div_ceil(step) * cells)?;
        let mut values = vec![FAR; h.div_ceil(step) * cells];
        let mut work = 0;
        for f in (0..h).step_by(step) {
            work = layer(&kinds, (h, w), f, step, &mut values, (work, work_limit));
            if work > work_limit || limits.interrupted().is_some() {
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

    /// Every how many frontiers the table keeps.
    pub fn step(&self) -> usize {
        self.step
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

/// The most values a corner table holds (32 MB); its frontiers are kept
/// at every `step`-th row and column, `step` at least 2 and larger where
/// the kept layers would hold more.
const CORNER_CELLS: usize = 1 << 25;

/// The most values [`CornerTable::finest`] holds (64 MB).
const FINEST_CELLS: usize = 1 << 26;

/// `T(x, fr, fc)`: the frontier game on both axes at once, toward the
/// goal's side on each (see the module docs). A block may be slid through
/// only when it lies at most one row past the row frontier *and* at most
/// one column past the column frontier; every stop moves both frontiers.
/// This is the game of the one-axis tables with the two rules joined by
/// "and", so it never allows more than either of them, and its answer is
/// at least theirs (with the same rounding).
pub struct CornerTable {
    flip_rows: bool,
    flip_cols: bool,
    width: usize,
    height: usize,
    step: usize,
    /// The start's canonical row and column: no stop's frontier lies past
    /// them, since the start is a stop.
    start: (usize, usize),
    /// Kept column frontiers per kept row frontier.
    col_levels: usize,
    /// Per layer `(a, b)` (row frontier `a·step`, column frontier `b·step`,
    /// at `a · col_levels + b`): where its values start. A layer holds the
    /// cells on rows `≥ a·step` and columns `≥ b·step`, row-major.
    offsets: Vec<usize>,
    values: Vec<u8>,
}

impl CornerTable {
    /// The table toward the goal's side from the start on both axes, or
    /// `None` when its sweeps would visit more than `work_limit` cells or
    /// `limits` run out of time (or are cancelled) first: a table is
    /// checked against the clock after each layer, so a search's deadline
    /// holds while one is built.
    pub fn new(board: &Board, work_limit: u64, limits: &Limits) -> Option<CornerTable> {
        // Every frontier where that fits in a quarter of the values (it
        // costs four times every second one), else every second or fewer.
        CornerTable::build(board, work_limit, limits, |step| {
            CORNER_CELLS >> (2 * (step == 1) as u32)
        })
    }

    /// The table with every frontier kept, for a search the first table
    /// has not ended either, or `None` when that would hold more than
    /// `FINEST_CELLS` values (or its sweeps visit more than `work_limit`
    /// cells).
    pub fn finest(board: &Board, work_limit: u64, limits: &Limits) -> Option<CornerTable> {
        CornerTable::build(board, work_limit, limits, |step| {
            if step == 1 {
                FINEST_CELLS
            } else {
                0
            }
        })
    }

    /// The table keeping every `step`-th frontier, for the least `step`
    /// at which the kept layers hold at most `most(step)` values (`None`
    /// when there is none).
    fn build(
        board: &Board,
        work_limit: u64,
        limits: &Limits,
        most: impl Fn(usize) -> usize,
    ) -> Option<CornerTable> {
        let (width, height) = (board.width() as usize, board.height() as usize);
        let (start, goal) = (board.start(), board.goal());
        let (flip_rows, flip_cols) = (goal.row > start.row, goal.col > start.col);
        let (h, w) = (height, width);
        let canon_row = |row: usize| if flip_rows { h - 1 - row } else { row };
        let canon_col = |col: usize| if flip_cols { w - 1 - col } else { col };
        let (sr, sc) = (canon_row(start.row as usize), canon_col(start.col as usize));
        let kept = |n: usize, last: usize, step: usize| {
            (0..=last).step_by(step).map(|f| n - f).sum::<usize>()
        };
        let step = (1..=h.max(w)).find(|&s| kept(h, sr, s) * kept(w, sc, s) <= most(s))?;
        // As for the frontier tables: only with room in the run's memory
        // budget now (the values and the kinds, a byte each).
        let _room = limits.try_admit(kept(h, sr, step) * kept(w, sc, step) + h * w)?;
        let mut kinds = vec![Kind::Ice; h * w];
        for (i, cell) in board.grid().cells().iter().enumerate() {
            let (r, c) = (canon_row(i / w), canon_col(i % w));
            kinds[r * w + c] = match cell {
                Cell::Block => Kind::Block,
                Cell::Goal => Kind::Goal,
                Cell::Ice | Cell::Start => Kind::Ice,
            };
        }
        let col_levels = sc / step + 1;
        let mut offsets = Vec::with_capacity((sr / step + 1) * col_levels);
        let mut total = 0;
        for fr in (0..=sr).step_by(step) {
            for fc in (0..=sc).step_by(step) {
                offsets.push(total);
                total += (h - fr) * (w - fc);
            }
        }
        let mut table = CornerTable {
            flip_rows,
            flip_cols,
            width,
            height,
            step,
            start: (sr, sc),
            col_levels,
            offsets,
            values: vec![FAR; total],
        };
        let mut work = 0;
        for fr in (0..=sr).step_by(step) {
            for fc in (0..=sc).step_by(step) {
                work = table.layer(&kinds, fr, fc, (work, work_limit));
                if work > work_limit || limits.interrupted().is_some() {
                    return None;
                }
            }
        }
        Some(table)
    }

    /// Every how many frontiers the table keeps.
    pub fn step(&self) -> usize {
        self.step
    }

    /// `T` at the board cell (`row`, `col`), the frontiers being the stone's
    /// own lines or one past the farthest broken block toward the goal's
    /// side (see [`FrontierTable::get`]), and never past the start's. `None`
    /// where the table knows nothing (255 or more).
    pub fn get(&self, row: usize, col: usize, reach: &Reach) -> Option<u32> {
        self.get_within(row, col, reach).0
    }

    /// [`CornerTable::get`], and whether the stone lies between the start
    /// and the goal's side on both axes. There the frontiers are the ones
    /// a one-axis table takes, so where this table keeps every frontier a
    /// one-axis table keeps, its value is at least that table's (its game
    /// allows less) and the one-axis table need not be asked.
    pub fn get_within(&self, row: usize, col: usize, reach: &Reach) -> (Option<u32>, bool) {
        let (h, w) = (self.height, self.width);
        let (r, broken_r) = if self.flip_rows {
            (h - 1 - row, reach.max_row.map(|b| h - b))
        } else {
            (row, reach.min_row.map(|b| b + 1))
        };
        let (c, broken_c) = if self.flip_cols {
            (w - 1 - col, reach.max_col.map(|b| w - b))
        } else {
            (col, reach.min_col.map(|b| b + 1))
        };
        let fr = broken_r.map_or(r, |b| b.min(r)).min(self.start.0) / self.step;
        let fc = broken_c.map_or(c, |b| b.min(c)).min(self.start.1) / self.step;
        let (fr, fc) = (fr * self.step, fc * self.step);
        let layer = fr / self.step * self.col_levels + fc / self.step;
        let v = self.values[self.offsets[layer] + (r - fr) * (w - fc) + (c - fc)];
        let within = r <= self.start.0 && c <= self.start.1;
        ((v != FAR).then_some(v as u32), within)
    }

    /// Fills the layer of frontiers (`fr`, `fc`), the layers of smaller
    /// frontiers being final. As [`layer`], with both rules; the parts of
    /// slides up or left that lie past a frontier only stop in final layers,
    /// so they are worked out once, before the sweeps over the layer's own
    /// cells repeat until nothing changes.
    fn layer(
        &mut self,
        kinds: &[Kind],
        fr: usize,
        fc: usize,
        (mut work, limit): (u64, u64),
    ) -> u64 {
        let (h, w, step, levels) = (self.height, self.width, self.step, self.col_levels);
        let CornerTable {
            offsets, values, ..
        } = self;
        let qw = w - fc;
        let off = offsets[fr / step * levels + fc / step];
        let (done, rest) = values.split_at_mut(off);
        let cur = &mut rest[..(h - fr) * qw];
        // Slides up: the outcome of entering row `fr - 1` of each column,
        // from the rows above, where every stop lies in a final layer. A
        // block above row `fr - 1` ends the slide, so the walk up from
        // there is short: the best stop in front of a block on the way,
        // or the goal.
        let mut up_in = vec![FAR; qw];
        for (j, slot) in up_in.iter_mut().enumerate() {
            let c = fc + j;
            let mut r = fr;
            while r > 0 {
                r -= 1;
                work += 1;
                match kinds[r * w + c] {
                    Kind::Goal => {
                        *slot = 0;
                        break;
                    }
                    Kind::Block if r + 1 < fr => break,
                    _ if r > 0 && kinds[(r - 1) * w + c] == Kind::Block => {
                        let r0 = r / step * step;
                        let i = offsets[r0 / step * levels + fc / step] + (r - r0) * qw + j;
                        *slot = (*slot).min(done[i]);
                    }
                    _ => {}
                }
            }
        }
        let up_block: Vec<bool> = (0..qw)
            .map(|j| fr > 0 && kinds[(fr - 1) * w + fc + j] == Kind::Block)
            .collect();
        // Slides left: the same for column `fc - 1` of each row.
        let mut left_in = vec![(FAR, false); h - fr];
        for (k, slot) in left_in.iter_mut().enumerate() {
            let r = fr + k;
            slot.1 = fc > 0 && kinds[r * w + fc - 1] == Kind::Block;
            let mut c = fc;
            while c > 0 {
                c -= 1;
                work += 1;
                match kinds[r * w + c] {
                    Kind::Goal => {
                        slot.0 = 0;
                        break;
                    }
                    Kind::Block if c + 1 < fc => break,
                    _ if c > 0 && kinds[r * w + c - 1] == Kind::Block => {
                        let c0 = c / step * step;
                        let i = offsets[fr / step * levels + c0 / step] + k * (w - c0) + (c - c0);
                        slot.0 = slot.0.min(done[i]);
                    }
                    _ => {}
                }
            }
        }
        let mut enter = vec![FAR; qw];
        let mut next_is_block = vec![false; qw];
        loop {
            let mut changed = false;
            work += 4 * cur.len() as u64;
            // Up: rows from `fr` down the board, all columns at once (a
            // goal's own slot is never read: entering the goal is 0).
            enter.copy_from_slice(&up_in);
            next_is_block.copy_from_slice(&up_block);
            if fr > 0 {
                // The throwers on row `fr` enter row `fr - 1`.
                changed |= down_row(&mut cur[..qw], &up_in);
            }
            for r in fr..h {
                let row = &kinds[r * w + fc..r * w + w];
                let base = (r - fr) * qw;
                let (above, below) = cur.split_at_mut(base + qw);
                sweep_row(row, &above[base..], &mut enter, &mut next_is_block);
                if r + 1 < h {
                    changed |= down_row(&mut below[..qw], &enter);
                }
            }
            // Down: rows from the bottom up to `fr`.
            enter.fill(FAR);
            next_is_block.fill(false);
            for r in (fr..h).rev() {
                let row = &kinds[r * w + fc..r * w + w];
                let base = (r - fr) * qw;
                let (above, here) = cur.split_at_mut(base);
                sweep_row(row, here, &mut enter, &mut next_is_block);
                if r > fr {
                    changed |= down_row(&mut above[base - qw..], &enter);
                }
            }
            // Left and right, along each row.
            for (k, &into) in left_in.iter().enumerate() {
                let row = &kinds[(fr + k) * w + fc..(fr + k) * w + w];
                changed |= across(row, &mut cur[k * qw..(k + 1) * qw], into, fc > 0);
            }
            if !changed || work > limit {
                return work;
            }
        }
    }
}

/// The slides along one row of a layer, left then right: `kinds` and
/// `vals` the row's cells and values in the layer; `into` the outcome of a
/// slide leaving the row's first cell to the left, and whether that cell's
/// left neighbour is a block; `entered` whether the first cell's thrower
/// has that slide to take (a layer with columns to its left). The value a
/// thrower just took is carried to the next cell in a register, not stored
/// and loaded again (a third less time for the whole table). Whether any
/// value changed.
#[inline]
fn across(kinds: &[Kind], vals: &mut [u8], (into, into_block): (u8, bool), entered: bool) -> bool {
    let n = vals.len();
    let kinds = &kinds[..n];
    let mut changed = false;
    if entered {
        let v = into.saturating_add(1);
        changed |= v < vals[0];
        vals[0] = vals[0].min(v);
    }
    // Slides to the left: from the left end, each cell's outcome feeds the
    // thrower on its right.
    let (mut enter, mut next_is_block, mut carry) = (into, into_block, vals[0]);
    for j in 0..n {
        let stop = if next_is_block { carry } else { FAR };
        let here = if kinds[j] == Kind::Goal {
            0
        } else {
            enter.min(stop)
        };
        if j + 1 < n {
            let v = here.saturating_add(1);
            changed |= v < vals[j + 1];
            vals[j + 1] = vals[j + 1].min(v);
            carry = vals[j + 1];
        }
        enter = here;
        next_is_block = kinds[j] == Kind::Block;
    }
    // Slides to the right: from the right end back.
    let (mut enter, mut next_is_block, mut carry) = (FAR, false, vals[n - 1]);
    for j in (0..n).rev() {
        let stop = if next_is_block { carry } else { FAR };
        let here = if kinds[j] == Kind::Goal {
            0
        } else {
            enter.min(stop)
        };
        if j > 0 {
            let v = here.saturating_add(1);
            changed |= v < vals[j - 1];
            vals[j - 1] = vals[j - 1].min(v);
            carry = vals[j - 1];
        }
        enter = here;
        next_is_block = kinds[j] == Kind::Block;
    }
    changed
}

/// One row of a slide across rows, all columns at once: `enter[j]`
/// becomes the outcome of a slide entering this row's cell `j`, given the
/// outcome of entering the row beyond and whether that row's cell is a
/// block (`next_is_block`); `values` are the row's own values, for a stop.
/// Without branches, so the compiler works on many columns per
/// instruction.
#[inline]
fn sweep_row(kinds: &[Kind], values: &[u8], enter: &mut [u8], next_is_block: &mut [bool]) {
    let n = enter.len();
    let (kinds, values, next_is_block) = (&kinds[..n], &values[..n], &mut next_is_block[..n]);
    for j in 0..n {
        let stop = if next_is_block[j] { values[j] } else { FAR };
        let here = enter[j].min(stop);
        enter[j] = if kinds[j] == Kind::Goal { 0 } else { here };
        next_is_block[j] = kinds[j] == Kind::Block;
    }
}

/// The throwers of a row whose slides enter cells with outcomes `enter`:
/// each value becomes at most one more. Whether any changed.
#[inline]
fn down_row(values: &mut [u8], enter: &[u8]) -> bool {
    let n = enter.len();
    let values = &mut values[..n];
    let mut changed = false;
    for j in 0..n {
        let v = enter[j].saturating_add(1);
        changed |= v < values[j];
        values[j] = values[j].min(v);
    }
    changed
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

    /// The one-axis tables of a small board, on all four sides.
    fn all_sides(b: &Board) -> Vec<FrontierTable> {
        SIDES
            .iter()
            .map(|&s| FrontierTable::new(b, s, &Limits::none()).expect("small boards fit the work"))
            .collect()
    }

    /// The broken blocks' extent of a state, as the search keeps it.
    fn reach_of(b: &Board, s: &crate::rules::State) -> Reach {
        let mut reach = Reach::default();
        for &id in s.broken.ids() {
            let p = b.blocks()[id as usize];
            reach.break_at(p.row as usize, p.col as usize);
        }
        reach
    }

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
            let tables = all_sides(&b);
            random_walk(&b, &mut rng, |s, exact| {
                states += 1;
                let reach = reach_of(&b, s);
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
    fn the_corner_bound_never_exceeds_the_exact_distance() {
        let mut rng = SplitMix64::new(0xC0_2E2);
        let (mut states, mut above) = (0, 0);
        for _ in 0..12_000 {
            let (w, h) = (rng.range(2, 13) as u32, rng.range(1, 13) as u32);
            let b = random_board(&mut rng, w, h);
            if b.blocks().len() > 15 {
                continue;
            }
            let least = (rng.range(1, 4) as usize).min(w.max(h) as usize);
            let table = CornerTable::build(&b, WORK, &Limits::none(), |step| {
                if step >= least {
                    1 << 20
                } else {
                    0
                }
            })
            .expect("small boards fit the work");
            let sides = all_sides(&b);
            random_walk(&b, &mut rng, |s, exact| {
                states += 1;
                let reach = reach_of(&b, s);
                let (row, col) = (s.stone.row as usize, s.stone.col as usize);
                let v = table.get(row, col, &reach).unwrap_or(0);
                assert!(v <= exact, "{v} > {exact}: {b:?} {s:?}");
                let one_axis = sides.iter().map(|t| t.get(row, col, &reach).unwrap_or(0));
                above += (v > one_axis.max().unwrap_or(0)) as u32;
            });
        }
        eprintln!("{states} states, {above} above the one-axis tables");
        assert!(states > 6_000 && above > 100, "{states} {above}");
    }

    #[test]
    fn a_table_past_its_work_is_given_up() {
        let mut rng = SplitMix64::new(3);
        let b = random_board(&mut rng, 40, 40);
        let side = SIDES[0];
        let none = Limits::none();
        assert!(FrontierTable::within(&b, side, 1_000, &none).is_none());
        assert!(FrontierTable::within(&b, side, WORK, &none).is_some());
    }

    #[test]
    fn a_table_stops_at_the_search_deadline_or_a_cancel() {
        let mut rng = SplitMix64::new(5);
        let b = random_board(&mut rng, 40, 40);
        let past = Limits {
            deadline: Some(gridpuzzle_engine::clock::Instant::now()),
            ..Limits::none()
        };
        let cancelled = Limits {
            cancel: Some(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(
                true,
            ))),
            ..Limits::none()
        };
        for limits in [&past, &cancelled] {
            assert!(FrontierTable::new(&b, SIDES[0], limits).is_none());
            assert!(CornerTable::new(&b, WORK, limits).is_none());
            assert!(CornerTable::finest(&b, WORK, limits).is_none());
        }
        let none = Limits::none();
        assert!(FrontierTable::new(&b, SIDES[0], &none).is_some());
        assert!(CornerTable::new(&b, WORK, &none).is_some());
        assert!(CornerTable::finest(&b, WORK, &none).is_some());
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
