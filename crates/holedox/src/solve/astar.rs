//! The default solver: A* over packed bodies, between a lower and an upper
//! bound that often meet.
//!
//! # Bounds
//!
//! **Lower bound.** `h(s) = max(d(s), h_open(s))`. `d(s)` is the head's
//! breadth-first distance to the exit over free cells, the body ignored
//! (one table, filled once per case from the exit). No body can make the
//! head's walk shorter, so `d` is admissible; one move changes the head by
//! one cell, so `|d(a) − d(b)| ≤ 1` for every move `a → b`: `d` is
//! *consistent*. A head whose distance is infinite can never reach the
//! exit, whatever the body does: `-1` at once (this subsumes the
//! breadth-first solver's flood-fill precheck; A* never queues such a
//! state either).
//!
//! `h_open(s)` ([`mod@super::opening`]) is the head's earliest arrival at
//! the exit when each cell of the current body opens only once the body
//! has left it (its own new trail forgotten). It is never below `d(s)`,
//! and it sees what `d` cannot: a body threaded through a one-cell door
//! with the head facing away keeps the head waiting about `L` moves, and
//! with `d` alone A* filled its 16.7 M-state budget on such lairs (L =
//! 24–26 on 100×100; L = 22 took 7.5 M states and 15 s) where it now
//! expands about a dozen states (`bench/holedox/door.in`). It is
//! admissible and consistent (proved in its module), so `h` is both: the
//! maximum of consistent bounds is consistent. It costs a small search
//! per generated state over the cells within `L + 2` moves of the head,
//! which dives straight down the head's shortest path when nothing is in
//! the way; on the other benchmark files it cut the states expanded (979
//! to 166 on `hard.in`) by more than it costs. What it cannot see is the
//! head's own trail: where the head must coil round in a tight space, or
//! is shut in by the part of the body it drags along, the relaxed head
//! walks where the real one cannot, and the search does the rest.
//!
//! **Upper bound.** Let the head follow a path `p₀ p₁ … p_k` that never
//! enters a cell twice. Before move `t` (1-based) the body is `p_{t−1} …
//! p₀` followed by the starting segments `B2 …`, the starting segment `Bj`
//! (0-based index `j`) sitting at place `t − 1 + j`. The head may not enter
//! the first `blocking` places (all of them under the strict rule, all but
//! the tail under the lenient one, [`TailRule::blocking_segments`]). The
//! `p`s are never entered again (the path is simple), so move `t` is legal
//! exactly when `p_t`, if it is a starting cell `Bj`, has
//! `t ≥ blocking − j + 1`: the body has moved off it by then. A
//! breadth-first search that labels every cell with its earliest arrival
//! under these opening times yields such a path ([`upper_bound`]); a tree
//! path is simple, so the plan is legal. It is never longer than the
//! shortest path that treats the whole starting body as stones, which is
//! the bound the issue asks for. When its length equals the lower bound the
//! case is decided with no search at all — on random lairs that is most
//! cases.
//!
//! On a lair whose rows, padding columns included, fit in 128 bits (a
//! judge-size 10×10 lair takes 120), this pass and the distance table's
//! run on bitsets, one per distance or arrival time, instead of a queue of
//! cells (`fill_small`, `free_path_small`), with the same tables and the
//! same plan; the tests hold each against its queue on random lairs.
//!
//! The same holds for `h_open` at the start: an upper-bound plan as long
//! as `h_open` is optimal too, and checked before any search.
//!
//! Often the upper-bound search is not even needed. When no starting
//! segment can still be closed at the time a descending walk (each step to
//! a cell one nearer the exit) would reach it — the glance that starts
//! `h_open`, `descent_is_clear` in [`mod@super::opening`] — the breadth-first
//! search above reaches the exit in exactly `d` moves along descending
//! cells only, none of them delayed, and its queue visits them in the
//! order of their first descending path in `U D L R` order. So its plan is
//! the walk that takes the first nearer neighbour in that order at every
//! cell, which is read off the distance table in `d` steps instead
//! (`descent`; the tests hold the two equal on thousands of lairs).
//!
//! **Two more moves.** The upper-bound search finds a plan of exactly
//! `d(s)` moves whenever one exists: such a plan steps one cell nearer the
//! exit every move (`d` is consistent), so it is simple and legal exactly
//! when it meets the opening times above, and its `t`-th cell can be
//! reached no earlier than move `t` — the breadth-first search labels it
//! at `t` (by induction along the plan). So a longer upper-bound plan
//! proves the answer above `d(s)`. And every walk from the head to the
//! exit has the parity of `d(s)` (the grid is a chessboard: each move
//! changes colour), so the answer is then at least `d(s) + 2`: an
//! upper-bound plan of `d(s) + 2` moves is optimal, with no opening-time
//! bound and no search (on `detour.in` that is a third of the lairs). The
//! tests hold both steps against the exact answer on random lairs.
//!
//! **Small lairs.** On a lair whose rows fit in 128 bits the upper-bound
//! plan is found first, and then the head's distance by a bitset pass from
//! the head that stops at the exit (`distance_small`); a plan as long as
//! the distance or two moves longer decides the case with no distance
//! table. Otherwise the table is filled as on any lair, and the plan is
//! not searched for again. (The clear-descent glance below needs the
//! table, so it is skipped there: the upper-bound plan is then the same
//! walk, as the tests hold.)
//!
//! **Stuck.** Before any table: a body whose head has no legal move can
//! never move (nothing else moves), so a head off the exit stays off it:
//! `-1` (a quarter of `detour.in`'s lairs).
//!
//! Otherwise A* runs with the move cap `U − 1` (`U` the upper bound's
//! length): it only looks for something strictly shorter, queues nothing
//! with `f ≥ U`, and if it exhausts the capped space the upper-bound plan is
//! optimal.
//!
//! **Completion.** The same argument applies from any state: if the head
//! can walk down the distance table (each step to a cell one nearer the
//! exit) without entering a cell of the current body before it opens, the
//! state's lower bound is *exact* and the walk is its plan. Such a path is
//! found by a depth-first search over the cells of the shortest-path DAG,
//! and only the first `blocking − 1` moves need checking (after them every
//! starting cell has opened), so the check is tiny. A* runs it on every
//! state it expands ([`BestFirst::complete`]): a state popped at `f` with
//! an exact bound gives a plan of cost `f`, and nothing cheaper exists
//! (every queued state has `f` at least that, and `f` is a lower bound). So
//! A* stops at the first expanded state whose body is out of the way of
//! one of the head's shortest paths, instead of walking the final `f` layer
//! to the exit.
//!
//! # Optimality (why this A* is exact)
//!
//! A widely copied A* for this problem marks a state *visited* when it is
//! queued and never looks at it again; a state first reached by a worse
//! parent keeps the worse `g`, and about 3 random 20×20 lairs in 1000 get a
//! too-long answer. Here the engine's A* ([`astar_in_observed`]: `astar_with`
//! in reused memory, watched when the search viewer asks) keeps the best `g`
//! per state ([`CostTable`]), queues a state again whenever it is reached
//! with a strictly smaller `g`, and skips stale queue entries when they are
//! popped. With a consistent bound (`h` above is) and unit moves, a
//! state's `g` is optimal when it is expanded (the textbook invariant: `f`
//! never decreases along a
//! path, and the queue pops in increasing `f`), so no state is expanded
//! twice — but a state *can* be queued first with a larger `g` by a parent
//! popped earlier in the same `f` bucket, and that is the case the
//! re-queueing handles. The answer is optimal because:
//!
//! 1. every solution through a queued state costs at least its `f`
//!    (admissible `h`: `d` and `h_open` each are), and the queue is popped
//!    in increasing `f`;
//! 2. a goal is returned only when its cost equals the smallest `f` in the
//!    queue (the bucket being expanded), and a completion only when
//!    `g + h = f` of the state being expanded (the completion check runs
//!    only when `h` is `d`, i.e. `h_open` did not raise it, and then finds
//!    a plan of exactly `d` moves);
//! 3. the cap `U − 1` only discards plans no shorter than the known plan.
//!
//! None of this needs consistency: the re-queueing makes A* exact for any
//! admissible bound, consistency only spares it from expanding a state
//! twice.
//!
//! The randomized tests hold this against the plain breadth-first search
//! and a naive full-body search on thousands of lairs, with every plan
//! replayed through `rules.rs`.
//!
//! # Memory
//!
//! The table of best `g` starts as a hash map and moves into a dense
//! array of the whole packed space once it holds 1/64 of it (when the space
//! is at most [`DENSE_MAX_COSTS`]): small searches, which most are, pay
//! nothing for a 32 MB array, and big ones get its speed. A 100×100 lair
//! with L = 16 always hashes. [`SolveOptions::max_states`] caps the states
//! stored (60–80 bytes each: node, table entry, queue entry), and hitting it
//! is a [`Outcome::Limit`], never `-1`; so are the expansion, time and
//! cancel budgets of [`Limits`]. The time and cancel budgets also cut the
//! work before the search (the distance table and the upper-bound path,
//! each a pass over the lair): on a lair of 16 million cells those passes
//! alone took over a second past a deadline. The opening-time bound keeps
//! five bytes of scratch a cell (a table it never clears between calls).
//!
//! A judge file is thousands of small lairs, most of them decided before
//! any search, so what a case used to cost was largely its memory: the
//! distance table, the queues, the scratch of the bounds and A*'s nodes,
//! open list and cost table, each grown from nothing on every case (a
//! tenth of the instructions of a judge-file run went to growing vectors
//! and queues). Those now live in one `Scratch` per thread, which each
//! solve sizes and clears for its own lair; a thread keeps it only while
//! it is small (see `solve.rs`), so a huge lair's tables go when its solve
//! ends.

use gridpuzzle_engine::search::{
    astar_in_observed, AstarOptions, AstarScratch, BestFirst, CostTable, DenseCosts, HashCosts,
    LimitHit, Limits, Observer, Outcome, Search, Stats,
};
use gridpuzzle_engine::{memory, Dir};

use super::opening::{descent_is_clear, Opening};
use super::{Packed, SolveOptions, StateStore, DENSE_MAX_COSTS};
use crate::rules::{Case, TailRule};

/// No path: the head cannot reach the exit from this cell at all.
const FAR: u32 = u32::MAX;

/// Cells a breadth-first pass over the lair visits between two looks at
/// the clock (at least; it looks between two distances): on a lair of 16
/// million cells each pass takes a good part of a second, which a deadline
/// must be able to cut.
const CLOCK_EVERY: usize = 1 << 16;

/// What one thread's solves keep from one case to the next (see "Memory"
/// in the module notes): every table here is sized and cleared by the
/// solve that uses it, so what it holds in between means nothing.
#[derive(Default)]
pub(super) struct Scratch {
    /// The head's distance table ([`fill_distances`]).
    dist: Vec<u32>,
    /// The frontier of both breadth-first passes.
    levels: Levels,
    /// Earliest arrivals and the steps that made them ([`free_path`]).
    when: Vec<u32>,
    came: Vec<u8>,
    completion: Completion,
    opening: Opening,
    search: AstarScratch<u64, Dir>,
    costs: HashCosts<u64>,
}

impl Scratch {
    /// Entries of the largest buffer.
    pub(super) fn size(&self) -> usize {
        [
            self.dist.capacity(),
            self.levels.now.capacity().max(self.levels.next.capacity()),
            self.when.capacity(),
            self.came.capacity(),
            self.completion.dead.capacity(),
            self.opening.size(),
            self.search.capacity(),
            self.costs.capacity(),
        ]
        .into_iter()
        .max()
        .unwrap_or(0)
    }
}

/// The frontier of a breadth-first pass, one distance at a time: the cells
/// at the current distance and those found at the next. Only the frontier
/// is held (small even on a huge lair), and a pass over it is a plain loop.
///
/// The passes are branch-free per neighbour: on a random lair whether a
/// neighbour is new is a coin toss the processor cannot predict, and the
/// mispredicted branches were most of the passes' time. So every neighbour
/// is written to the next frontier's slot and the slot kept only when the
/// neighbour is new, which needs room for four per cell ([`Levels::room`]).
#[derive(Default)]
pub(super) struct Levels {
    now: Vec<u32>,
    next: Vec<u32>,
    /// The bitset pass's sets, one per arrival time ([`free_path_small`]).
    times: Vec<u128>,
}

impl Levels {
    /// Room in `next` for every neighbour of `cells` cells.
    #[inline]
    fn room(next: &mut Vec<u32>, cells: usize) {
        if next.len() < 4 * cells {
            next.resize(4 * cells, 0);
        }
    }
}

/// [`fill_distances`] into a table of its own (for the tests).
#[cfg(test)]
pub(super) fn head_distances(packed: &Packed, limits: &Limits) -> Result<Vec<u32>, LimitHit> {
    let mut dist = Vec::new();
    fill_distances(packed, limits, &mut dist, &mut Levels::default())?;
    Ok(dist)
}

/// The head's distance to the exit over free cells, body ignored, for every
/// padded cell (`FAR` where the exit is out of reach, and on stones), into
/// `dist`, with `levels` for the breadth-first pass; or the time or cancel
/// budget of `limits` that ran out first.
pub(super) fn fill_distances(
    packed: &Packed,
    limits: &Limits,
    dist: &mut Vec<u32>,
    levels: &mut Levels,
) -> Result<(), LimitHit> {
    if dist.capacity() < packed.cells {
        grow_distances(packed, limits, dist)?;
    }
    if packed.blocked[packed.exit] {
        dist.clear();
        dist.resize(packed.cells, FAR);
        return Ok(());
    }
    if fill_small(packed, dist) {
        return Ok(());
    }
    // During the pass stones read 0, so that "new" is `dist == FAR` alone
    // and labelling is `min(dist, d)`; they are set to `FAR` after it.
    fill_cells(dist, &packed.blocked);
    dist[packed.exit] = 0;
    let Levels { now, next, .. } = levels;
    now.clear();
    now.push(packed.exit as u32);
    let (mut d, mut count, mut visited, mut look) = (0, 1, 0, CLOCK_EVERY);
    while count > 0 {
        visited += count;
        if visited >= look {
            look = visited + CLOCK_EVERY;
            if let Some(hit) = limits.interrupted() {
                return Err(hit);
            }
        }
        d += 1;
        Levels::room(next, count);
        let mut found = 0;
        for &c in &now[..count] {
            for &delta in &packed.delta {
                let n = (c as usize).wrapping_add_signed(delta);
                let slot = &mut dist[n];
                let new = *slot == FAR;
                *slot = (*slot).min(d);
                next[found] = n as u32;
                found += usize::from(new);
            }
        }
        std::mem::swap(now, next);
        count = found;
    }
    set_stones(dist, &packed.blocked, FAR);
    Ok(())
}

/// Grows `dist` to the lair of `packed` once the run's memory budget has
/// room for it (out of line, as [`grow_paths`]).
#[cold]
fn grow_distances(packed: &Packed, limits: &Limits, dist: &mut Vec<u32>) -> Result<(), LimitHit> {
    let _room = limits.admit_vec(dist, packed.cells)?;
    dist.reserve(packed.cells.saturating_sub(dist.len()));
    Ok(())
}

/// [`fill_distances`] for a lair whose rows, padding columns included, fit
/// in 128 bits (a judge-size 10×10 lair takes 120), as one bitset per
/// distance: each frontier is the last one shifted four ways, masked by the
/// free cells not yet seen, and only the cells found are written. `false`
/// (and `dist` untouched) for a larger lair.
///
/// Bit `b` is the padded cell `width + b`: the padding rows are outside the
/// 128 bits, and a shift by one across a row's end lands on a padding
/// column, which is never free. No clock is read: the pass visits fewer
/// than [`CLOCK_EVERY`] cells.
fn fill_small(packed: &Packed, dist: &mut Vec<u32>) -> bool {
    let Some(free) = packed.small else {
        return false;
    };
    let width = packed.width;
    dist.clear();
    dist.resize(packed.cells, FAR);
    dist[packed.exit] = 0;
    let mut seen = 1u128 << (packed.exit - width);
    let mut front = seen;
    let mut d = 0;
    while front != 0 {
        d += 1;
        let spread = (front << 1) | (front >> 1) | (front << width) | (front >> width);
        front = spread & free & !seen;
        seen |= front;
        let mut bits = front;
        while bits != 0 {
            dist[width + bits.trailing_zeros() as usize] = d;
            bits &= bits - 1;
        }
    }
    true
}

/// The free cells of a lair whose rows, padding columns included, fit in
/// 128 bits, bit `b` for the padded cell `width + b` (see [`fill_small`]);
/// `None` for a larger lair.
/// Computed once, with the padded lair ([`Packed::small`]).
pub(super) fn small_free(blocked: &[bool], width: usize) -> Option<u128> {
    let inner = blocked.len() - 2 * width;
    if inner > 128 || width >= 128 {
        return None;
    }
    // Eight cells at a time: a multiply gathers the low bit of each byte
    // (a `bool` is 0 or 1) into the top byte, byte `i` to bit `56 + i`,
    // with no two partial products meeting.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let cells = &blocked[width..width + inner];
    let mut stones = 0u128;
    let mut eights = cells.chunks_exact(8);
    for (k, eight) in eights.by_ref().enumerate() {
        let bytes = u64::from_le_bytes(std::array::from_fn(|i| u8::from(eight[i])));
        stones |= u128::from(bytes.wrapping_mul(GATHER) >> 56) << (8 * k);
    }
    let done = inner - eights.remainder().len();
    for (b, &stone) in eights.remainder().iter().enumerate() {
        stones |= u128::from(stone) << (done + b);
    }
    Some(!stones & (u128::MAX >> (128 - inner)))
}

/// `table` for the cells of `blocked`: `FAR` on free cells, 0 on stones
/// (in one pass without a branch).
fn fill_cells(table: &mut Vec<u32>, blocked: &[bool]) {
    table.clear();
    table.extend(blocked.iter().map(|&b| u32::from(!b).wrapping_neg()));
}

/// Sets `table` to `stone` on the stones of `blocked`, without a branch (a
/// few vector instructions a line).
fn set_stones(table: &mut [u32], blocked: &[bool], stone: u32) {
    for (t, &b) in table.iter_mut().zip(blocked) {
        let mask = u32::from(b).wrapping_neg();
        *t = (*t & !mask) | (stone & mask);
    }
}

/// The direction index (`U D L R`) of the step from `a` to its neighbour `b`.
fn dir_between(packed: &Packed, a: usize, b: usize) -> usize {
    let step = b as isize - a as isize;
    packed
        .delta
        .iter()
        .position(|&d| d == step)
        .expect("cells of a path are neighbours")
}

/// The first descending path from `head` (each step to a cell one nearer
/// the exit) in `U D L R` order: at each cell the first direction whose
/// neighbour is nearer. `dist[head]` must be finite.
pub(super) fn descent(packed: &Packed, dist: &[u32], head: usize) -> Vec<Dir> {
    let mut path = Vec::with_capacity(dist[head] as usize);
    let mut c = head;
    while c != packed.exit {
        let (d, n) = packed
            .delta
            .iter()
            .enumerate()
            .map(|(d, &delta)| (d, c.wrapping_add_signed(delta)))
            .find(|&(_, n)| dist[n] != FAR && dist[n] + 1 == dist[c])
            .expect("a cell at finite distance has a nearer neighbour");
        path.push(Dir::from_index(d));
        c = n;
    }
    path
}

/// A legal plan from the body `body` (decoded, head first): the shortest
/// path of the head that never enters a cell twice and enters each body
/// cell only after the body has left it, found by a breadth-first search
/// that labels each cell with its earliest such arrival (in `when`, with
/// the step that made it in `came`). `None` when there is no such path
/// (which proves nothing); `Err` when a time or cancel budget of `limits`
/// ran out first.
pub(super) fn free_path(
    packed: &Packed,
    body: &[usize],
    limits: &Limits,
    when: &mut Vec<u32>,
    came: &mut Vec<u8>,
    levels: &mut Levels,
) -> Result<Option<Vec<Dir>>, LimitHit> {
    let head = body[0];
    if head == packed.exit {
        return Ok(Some(Vec::new()));
    }
    if let Some(free) = packed.small {
        return Ok(free_path_small(packed, body, free, &mut levels.times));
    }
    free_path_wide(packed, body, limits, when, came, levels)
}

/// [`free_path`] for a lair whose rows fit in 128 bits (see
/// [`fill_small`]), `free` its free cells, as one bitset per arrival time.
///
/// The queue of [`free_path_wide`] keeps the cells of one time in the order
/// of their first paths' steps (a cell comes after the cells found before
/// its first parent, and then in `U D L R` order), so the path it returns
/// is the least in `U D L R` order among the paths of earliest arrival
/// through cells of consecutive times. That one is found from the sets of
/// each time: backwards, keep the cells of each time next to a kept cell of
/// the following time; forwards from the head, take the first direction
/// into a kept cell. The tests hold the two equal on random lairs.
fn free_path_small(
    packed: &Packed,
    body: &[usize],
    free: u128,
    times: &mut Vec<u128>,
) -> Option<Vec<Dir>> {
    let width = packed.width;
    let inner = packed.cells - 2 * width;
    let bit = |c: usize| 1u128 << (c - width);
    let spread = |f: u128| (f << 1) | (f >> 1) | (f << width) | (f >> width);
    // Segment `j` below `blocking` opens at move `blocking - j + 1`.
    let blocking = packed.blocking;
    let mut closed = 0u128;
    for &c in body.iter().take(blocking).skip(1) {
        closed |= bit(c);
    }
    let exit = if packed.exit >= width && packed.exit - width < inner {
        bit(packed.exit)
    } else {
        0
    };
    // Each time's new cells; at most one time a free cell.
    let mut last = bit(body[0]);
    times.clear();
    times.push(last);
    let mut seen = last;
    let mut t = 0;
    while last & exit == 0 {
        t += 1;
        let j = (blocking + 1).wrapping_sub(t);
        if (1..blocking).contains(&j) {
            closed &= !bit(body[j]);
        }
        let front = spread(last) & free & !closed & !seen;
        if front == 0 {
            return None;
        }
        seen |= front;
        times.push(front);
        last = front;
    }
    times[t] = exit;
    let mut after = exit;
    for time in times[1..t].iter_mut().rev() {
        *time &= spread(after);
        after = *time;
    }
    // Forwards, without a branch per direction (which one comes first is
    // a coin toss): the four neighbours' bits in `U D L R` order, and the
    // lowest one set. A neighbour off the 128 bits reads as not kept.
    let mut path = Vec::with_capacity(t);
    let mut b = body[0] - width;
    let steps = [width.wrapping_neg(), width, 1usize.wrapping_neg(), 1];
    for &kept in &times[1..=t] {
        let at = |n: usize| u32::try_from(n).ok().and_then(|n| kept.checked_shr(n));
        let kept_at = |n: usize| at(n).map_or(0, |k| k as u32 & 1);
        let dirs = kept_at(b.wrapping_sub(width))
            | kept_at(b + width) << 1
            | kept_at(b.wrapping_sub(1)) << 2
            | kept_at(b + 1) << 3;
        debug_assert!(dirs != 0, "a kept cell has a kept neighbour one time on");
        let d = dirs.trailing_zeros() as usize & 3;
        path.push(Dir::from_index(d));
        b = b.wrapping_add(steps[d]);
    }
    Some(path)
}

/// The head's distance to the exit from `head` on a lair whose rows fit in
/// 128 bits, `free` its free cells (see [`fill_small`]): the same pass, from
/// the head, counting distances until it meets the exit instead of writing
/// a table. [`FAR`] when it never does.
fn distance_small(packed: &Packed, free: u128, head: usize) -> u32 {
    let width = packed.width;
    let inner = packed.cells - 2 * width;
    if packed.exit < width || packed.exit - width >= inner {
        return FAR;
    }
    let exit = 1u128 << (packed.exit - width);
    let mut seen = 1u128 << (head - width);
    let mut front = seen;
    let mut d = 0;
    while front & exit == 0 {
        let spread = (front << 1) | (front >> 1) | (front << width) | (front >> width);
        front = spread & free & !seen;
        if front == 0 {
            return FAR;
        }
        seen |= front;
        d += 1;
    }
    d
}

/// Grows `when` and `came` to the lair of `packed` once the run's memory
/// budget has room for them (kept out of line: most calls need no growth,
/// and a grant is not free to drop).
#[cold]
fn grow_paths(
    packed: &Packed,
    limits: &Limits,
    when: &mut Vec<u32>,
    came: &mut Vec<u8>,
) -> Result<(), LimitHit> {
    let _room = (
        limits.admit_vec(when, packed.cells)?,
        limits.admit_vec(came, packed.cells)?,
    );
    when.reserve(packed.cells.saturating_sub(when.len()));
    came.resize(packed.cells.max(came.len()), 0);
    Ok(())
}

/// [`free_path`] by a queue of cells (any lair), with the time and cancel
/// budgets of `limits`.
fn free_path_wide(
    packed: &Packed,
    body: &[usize],
    limits: &Limits,
    when: &mut Vec<u32>,
    came: &mut Vec<u8>,
    levels: &mut Levels,
) -> Result<Option<Vec<Dir>>, LimitHit> {
    let head = body[0];
    if when.capacity() < packed.cells || came.capacity() < packed.cells {
        grow_paths(packed, limits, when, came)?;
    }
    // Stones read 0 ("reached"), so that "new" is `when == FAR` and the
    // opening time (below) alone.
    when.clear();
    fill_cells(when, &packed.blocked);
    // The direction index of the step that reached each cell (read only
    // where `when` is set).
    if came.len() < packed.cells {
        came.resize(packed.cells, 0);
    }
    // Only the few body cells open late: segment `j` (0-based) below
    // `blocking` at move `blocking - j + 1` (see the module notes), every
    // other cell at once. They are marked in `when` with their time, above
    // every real arrival (`FAR - time`), so the test of a neighbour stays
    // one comparison.
    let blocking = packed.blocking;
    for (j, &c) in body.iter().enumerate().take(blocking).skip(1) {
        when[c] = FAR - (blocking - j + 1) as u32;
    }
    when[head] = 0;
    let Levels { now, next, .. } = levels;
    now.clear();
    now.push(head as u32);
    let (mut t, mut count, mut visited, mut look) = (0, 1, 0, CLOCK_EVERY);
    while count > 0 {
        visited += count;
        if visited >= look {
            look = visited + CLOCK_EVERY;
            if let Some(hit) = limits.interrupted() {
                return Err(hit);
            }
        }
        t += 1;
        // A free cell is new at `FAR`, a late one once `t` reaches its time.
        let open = FAR - t;
        Levels::room(next, count);
        let mut found = 0;
        for &c in &now[..count] {
            for (d, &delta) in packed.delta.iter().enumerate() {
                let n = (c as usize).wrapping_add_signed(delta);
                let slot = &mut when[n];
                let new = *slot >= open;
                *slot = if new { t } else { *slot };
                let step = &mut came[n];
                *step = if new { d as u8 } else { *step };
                if new && n == packed.exit {
                    // The first arrival, as a queue would have it: a queue
                    // pops the cells at one distance in this same order.
                    let mut path = Vec::with_capacity(t as usize);
                    let mut at = n;
                    while at != head {
                        let d = came[at] as usize;
                        path.push(Dir::from_index(d));
                        at = at.wrapping_add_signed(-packed.delta[d]);
                    }
                    path.reverse();
                    return Ok(Some(path));
                }
                next[found] = n as u32;
                found += usize::from(new);
            }
        }
        std::mem::swap(now, next);
        count = found;
    }
    Ok(None)
}

/// Scratch of the completion check: cells proved not to lead anywhere in
/// the current call carry the current stamp (so nothing is cleared between
/// calls); and the depth-first search's path and the directions tried at
/// each of its cells, kept between calls (A* runs the check on every state
/// it expands).
#[derive(Default)]
struct Completion {
    dead: Vec<u32>,
    stamp: u32,
    path: Vec<usize>,
    tried: Vec<usize>,
}

impl Completion {
    /// Room for its table on the lair of `packed` from the run's memory
    /// budget, asked before the search that may grow it.
    fn room(&self, packed: &Packed, limits: &Limits) -> Result<memory::Grant, LimitHit> {
        limits.admit_vec(&self.dead, packed.cells)
    }
}

/// The search problem: packed states, the lower bound (head distance and
/// opening-time bound), and the
/// completion check.
struct Holedox<'a> {
    packed: &'a Packed,
    dist: &'a [u32],
    /// The opening-time bound ([`mod@super::opening`]).
    opening: &'a mut Opening,
    shortcuts: bool,
    completion: &'a mut Completion,
    /// The start state and its bound, computed before the search.
    start: Option<(u64, u32)>,
}

impl Holedox<'_> {
    /// A descending path of exactly `dist[head]` moves that the body allows,
    /// or `None`. See the module notes ("Completion").
    fn descend(&mut self, state: u64) -> Option<Vec<Dir>> {
        let packed = self.packed;
        let body = packed.decode(state);
        let body = &body[..packed.len];
        let head = body[0];
        let dist = self.dist;
        let Completion {
            dead,
            stamp,
            path,
            tried,
        } = &mut *self.completion;
        if dead.len() < packed.cells {
            // Grown on first use: most searches end before any completion
            // check, and on a huge lair it is 4 bytes a cell.
            dead.resize(packed.cells, 0);
        }
        *stamp = stamp.wrapping_add(1);
        if *stamp == 0 {
            dead.iter_mut().for_each(|d| *d = 0);
            *stamp = 1;
        }
        let stamp = *stamp;
        // After `free_after` moves no body cell is in the way any more.
        let free_after = packed.blocking.saturating_sub(1);
        let hittable = &body[1..packed.blocking.min(body.len())];
        path.clear();
        path.push(head);
        tried.clear();
        tried.push(0);
        loop {
            let t = path.len() - 1;
            let c = path[t];
            if t >= free_after || c == packed.exit {
                break;
            }
            let k = tried.last_mut()?;
            if *k == 4 {
                dead[c] = stamp;
                path.pop();
                tried.pop();
                if path.is_empty() {
                    return None;
                }
                continue;
            }
            let n = c.wrapping_add_signed(packed.delta[*k]);
            *k += 1;
            let step = t as u32 + 1;
            let allowed = dist[n] != FAR
                && dist[n] + 1 == dist[c]
                && dead[n] != stamp
                && !hittable
                    .iter()
                    .enumerate()
                    .any(|(j, &b)| b == n && step as usize <= packed.blocking - (j + 1));
            if allowed {
                path.push(n);
                tried.push(0);
            }
        }
        // Any descending path finishes it.
        let mut c = *path.last().expect("the path holds the head");
        while c != packed.exit {
            let n = packed
                .delta
                .iter()
                .map(|&d| c.wrapping_add_signed(d))
                .find(|&n| dist[n] != FAR && dist[n] + 1 == dist[c])
                .expect("a cell at finite distance has a nearer neighbour");
            path.push(n);
            c = n;
        }
        Some(
            path.windows(2)
                .map(|w| Dir::from_index(dir_between(packed, w[0], w[1])))
                .collect(),
        )
    }
}

impl BestFirst for Holedox<'_> {
    type State = u64;
    type Move = Dir;

    #[inline]
    fn successors(&mut self, state: &u64, out: &mut Vec<(Dir, u64)>) {
        self.packed.successors(*state, out);
    }

    #[inline]
    fn bound(&mut self, state: &u64) -> Option<u32> {
        if let Some((start, bound)) = self.start.take() {
            // A* asks for the start's bound first, which is known.
            if start == *state {
                return Some(bound);
            }
        }
        let d = self.dist[self.packed.head(*state)];
        if d == FAR {
            return None;
        }
        let body = self.packed.decode(*state);
        self.opening
            .bound(self.packed, self.dist, &body[..self.packed.len])
    }

    #[inline]
    fn is_goal(&mut self, state: &u64) -> bool {
        self.packed.head(*state) == self.packed.exit
    }

    fn complete(&mut self, state: &u64, bound: u32) -> Option<Vec<Dir>> {
        if !self.shortcuts || bound != self.dist[self.packed.head(*state)] {
            return None;
        }
        self.descend(*state)
    }
}

/// The lower bound A* starts from: the larger of the head's own shortest
/// distance to the exit with the body ignored and the opening-time bound
/// ([`mod@super::opening`]). `None` proves the case unsolvable (unless the
/// head is already on the exit: then the bound is 0).
pub fn lower_bound(case: &Case, rule: TailRule) -> Option<u32> {
    let packed = Packed::new(case, rule);
    let mut dist = Vec::new();
    fill_distances(&packed, &Limits::none(), &mut dist, &mut Levels::default()).ok()?;
    if dist[packed.start_head] == FAR {
        return None;
    }
    if packed.start_head == packed.exit {
        return Some(0);
    }
    let body = packed.decode(packed.encode(case.body()));
    Opening::new(&packed).bound(&packed, &dist, &body[..packed.len])
}

/// The upper-bound plan: the head's shortest path that never re-enters a
/// cell and enters each starting body cell only once the body has left it
/// (see the module notes). Always legal; `None` when there is no such path,
/// which proves nothing. Empty when the head is on the exit.
pub fn upper_bound(case: &Case, rule: TailRule) -> Option<Vec<Dir>> {
    let packed = Packed::new(case, rule);
    let body = packed.decode(packed.encode(case.body()));
    let (mut when, mut came, mut levels) = (Vec::new(), Vec::new(), Levels::default());
    let body = &body[..packed.len];
    free_path(
        &packed,
        body,
        &Limits::none(),
        &mut when,
        &mut came,
        &mut levels,
    )
    .unwrap_or(None)
}

/// A* from `start` (see the module notes), with no plan longer than `cap`,
/// in the memory of `scratch`.
///
/// It is one function of some 150 lines on purpose: it is the module
/// notes' order of decisions, read top to bottom — stuck, the small lair's
/// plan, the distance table, the clear descent, the upper-bound plan, the
/// opening-time bound, and only then A* — each step an early return that
/// decides most of the cases left. The steps share the tables borrowed
/// from `scratch` at the top and the plan found so far, and this runs once
/// per case of a judge file, whose instruction counts BENCHMARKS.md holds:
/// pieces would take most of that state as arguments and add calls to
/// every case.
pub(super) fn solve<O: Observer<u64>>(
    packed: &Packed,
    start: u64,
    cap: Option<u32>,
    limits: &Limits,
    options: &SolveOptions,
    scratch: &mut Scratch,
    obs: &mut O,
) -> Search<Dir> {
    let done = |outcome| Search {
        outcome,
        stats: Stats::default(),
    };
    let Scratch {
        dist,
        levels,
        when,
        came,
        completion,
        opening,
        search,
        costs,
    } = scratch;
    // The longest plan that counts: the caller's cap, lowered below the
    // upper-bound plan's length once that plan is known.
    let mut max_depth = cap;
    let cap = cap.unwrap_or(u32::MAX);
    // An upper-bound plan as long as the head's distance, or two moves
    // longer, is optimal (see "Two more moves" in the module notes).
    let decided = |plan: &Vec<Dir>, distance: u32| {
        let len = plan.len() as u32;
        (len == distance || len == distance + 2).then_some(len <= cap)
    };
    if options.precheck && !packed.can_move(start) {
        // A body that cannot move never will: proved before any table.
        return done(Outcome::Unsolvable);
    }
    let body = packed.decode(start);
    let body = &body[..packed.len];
    // The upper-bound plan, once it is known.
    let mut found = None;
    if let (true, Some(free)) = (options.precheck, packed.small) {
        // On a small lair the plan comes first, and the head's distance
        // by a pass that stops at the head: the cases it decides need no
        // distance table (see "Small lairs" in the module notes).
        let plan = free_path_small(packed, body, free, &mut levels.times);
        if let Some(plan) = plan {
            let distance = distance_small(packed, free, body[0]);
            match decided(&plan, distance) {
                Some(true) => return done(Outcome::Solved(plan)),
                Some(false) => return done(Outcome::Unsolvable),
                None => found = Some(Some(plan)),
            }
        } else {
            found = Some(None);
        }
    }
    if let Err(hit) = fill_distances(packed, limits, dist, levels) {
        return done(Outcome::Limit(hit));
    }
    let dist = &dist[..];
    let distance = dist[packed.head(start)];
    if distance == FAR || distance > cap {
        return done(Outcome::Unsolvable);
    }
    if options.precheck && found.is_none() && descent_is_clear(packed, dist, body) {
        // No segment can be in the way of the head walking down the
        // distance table: the upper-bound plan is the first such walk, as
        // long as the distance (see the module notes).
        return done(Outcome::Solved(descent(packed, dist, body[0])));
    }
    let mut upper = None;
    if options.precheck {
        let found = match found {
            Some(found) => found,
            None => match free_path(packed, body, limits, when, came, levels) {
                Ok(found) => found,
                Err(hit) => return done(Outcome::Limit(hit)),
            },
        };
        if let Some(plan) = found {
            match decided(&plan, distance) {
                Some(true) => return done(Outcome::Solved(plan)),
                Some(false) => return done(Outcome::Unsolvable),
                None => upper = Some(plan),
            }
        }
    }
    // Only now the opening-time bound, which most cases never need; its
    // tables (5 bytes a cell) and the completion check's (4 bytes a cell,
    // grown on its first use during the search, so held for the search)
    // ask the run's memory budget first.
    let room = opening
        .room(packed, limits)
        .and_then(|opening| Ok((opening, completion.room(packed, limits)?)));
    let _completion_room = match room {
        Ok((opening_room, completion_room)) => {
            opening.fit(packed);
            drop(opening_room);
            completion_room
        }
        Err(hit) => return done(Outcome::Limit(hit)),
    };
    let Some(lower) = opening.bound(packed, dist, body) else {
        return done(Outcome::Unsolvable);
    };
    if lower > cap {
        return done(Outcome::Unsolvable);
    }
    if let Some(plan) = upper.take() {
        let len = plan.len() as u32;
        if len == lower {
            return done(Outcome::Solved(plan));
        }
        if len <= cap {
            // Only a shorter plan is worth searching for.
            max_depth = Some(len - 1);
            upper = Some(plan);
        }
    }
    let mut problem = Holedox {
        packed,
        shortcuts: options.precheck,
        dist,
        opening,
        completion,
        start: Some((start, lower)),
    };
    let astar_options = AstarOptions {
        max_stored: options.max_states,
        max_depth,
    };
    let capacity = packed.capacity();
    let dense = options.store == StateStore::Auto && capacity <= DENSE_MAX_COSTS as u128;
    let dense = dense.then(|| (capacity as usize, limits.clone()));
    let mut table = Costs::new(std::mem::take(costs), dense);
    let mut found = astar_in_observed(
        &mut problem,
        start,
        &mut table,
        limits,
        &astar_options,
        search,
        obs,
    );
    if let Costs::Hash(table, _) = table {
        // Kept for the next case (a dense table is not: see `Costs`).
        *costs = table;
    }
    if let (Outcome::Unsolvable, Some(plan)) = (&found.outcome, upper) {
        // Nothing shorter than the upper-bound plan: it is optimal.
        found.outcome = Outcome::Solved(plan);
    }
    found
}

/// The table of best move counts: a hash map while the search is small,
/// moved into a dense array (when the state space allows one) once it holds
/// more than 1/64 of the space.
///
/// Why not dense from the start: a zeroed array of a judge-size space is
/// 32 MB, and the allocator hands back freed memory of that size for reuse,
/// so every case would pay for clearing it — far more than the handful of
/// states most A* searches touch. Why not hash throughout: past a few
/// hundred thousand states the array is several times faster.
enum Costs {
    /// The map, and the dense table's capacity with the limits whose heap
    /// budget it asks for room, if it may move into one.
    Hash(HashCosts<u64>, Option<(usize, Limits)>),
    Dense(DenseCosts<fn(&u64) -> usize>),
}

impl Costs {
    /// An empty table in the memory of `map` (whatever it holds).
    fn new(mut map: HashCosts<u64>, dense_capacity: Option<(usize, Limits)>) -> Costs {
        map.clear();
        Costs::Hash(map, dense_capacity)
    }
}

fn dense_key(s: &u64) -> usize {
    *s as usize
}

impl CostTable<u64> for Costs {
    #[inline]
    fn get(&self, state: &u64) -> Option<u32> {
        match self {
            Costs::Hash(h, _) => h.get(state),
            Costs::Dense(d) => d.get(state),
        }
    }

    #[inline]
    fn improve(&mut self, state: &u64, g: u32) -> bool {
        match self {
            Costs::Dense(d) => d.improve(state, g),
            Costs::Hash(h, dense) => {
                let improved = h.improve(state, g);
                if let Some((capacity, limits)) = dense {
                    let capacity = *capacity;
                    if h.len() > capacity / 64 {
                        // Only when the run's memory budget has room for
                        // it: the hash table gives the same answers.
                        let Some(_room) = limits.try_admit_items::<u32>(capacity) else {
                            *dense = None;
                            return improved;
                        };
                        let mut d = DenseCosts::new(capacity, dense_key as fn(&u64) -> usize);
                        for (s, g) in h.iter() {
                            d.improve(s, g);
                        }
                        *self = Costs::Dense(d);
                    }
                }
                improved
            }
        }
    }

    fn len(&self) -> usize {
        match self {
            Costs::Hash(h, _) => h.len(),
            Costs::Dense(d) => d.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Lair;
    use crate::solve::opening::tests::each_small_lair;
    use gridpuzzle_engine::rng::SplitMix64;
    use gridpuzzle_engine::Pos;

    /// The head's distances by a plain queue over the padded lair.
    fn queue_distances(packed: &Packed) -> Vec<u32> {
        let mut dist = vec![FAR; packed.cells];
        if packed.blocked[packed.exit] {
            return dist;
        }
        dist[packed.exit] = 0;
        let mut queue = std::collections::VecDeque::from([packed.exit]);
        while let Some(c) = queue.pop_front() {
            for &delta in &packed.delta {
                let n = c.wrapping_add_signed(delta);
                if !packed.blocked[n] && dist[n] == FAR {
                    dist[n] = dist[c] + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    #[test]
    fn both_upper_bound_passes_find_the_same_plan() {
        let mut rng = SplitMix64::new(0xf4ee);
        let (mut plans, mut none) = (0, 0);
        each_small_lair(&mut rng, 4_000, |_, case, rule, packed| {
            let body = packed.decode(packed.encode(case.body()));
            let body = &body[..packed.len];
            if body[0] == packed.exit {
                return;
            }
            let free = packed.small.expect("a lair of at most 10×10");
            let small = free_path_small(packed, body, free, &mut Vec::new());
            let (mut when, mut came, mut levels) = (Vec::new(), Vec::new(), Levels::default());
            let limits = Limits::none();
            let wide = free_path_wide(packed, body, &limits, &mut when, &mut came, &mut levels);
            assert_eq!(small, wide.unwrap(), "{case:?} {rule:?}");
            if small.is_some() {
                plans += 1;
            } else {
                none += 1;
            }
        });
        assert!(plans > 3_000 && none > 100, "{plans} plans, {none} none");
    }

    /// The two shortcuts before the opening-time bound, against the exact
    /// answer (breadth-first search): a body that cannot move has none, and
    /// an upper-bound plan longer than the head's distance proves the answer
    /// at least two more (so a plan of exactly two more is optimal). And the
    /// solver's answers on these lairs, most of them decided by one of the
    /// two, are the exact ones.
    #[test]
    fn stuck_bodies_and_two_more_moves_are_exact() {
        use crate::solve::opening::tests::exact;
        let mut rng = SplitMix64::new(0x2a0e);
        let (mut stuck, mut two_more, mut longer) = (0, 0, 0);
        let (mut when, mut came, mut levels) = (Vec::new(), Vec::new(), Levels::default());
        each_small_lair(&mut rng, 6_000, |_, case, rule, packed| {
            let start = packed.encode(case.body());
            let body = packed.decode(start);
            let body = &body[..packed.len];
            if body[0] == packed.exit {
                return;
            }
            let answer = exact(packed, start);
            // The solver, which takes both shortcuts, gives it.
            let solved = match crate::solve::solve(case, rule, &Limits::none()).outcome {
                Outcome::Solved(plan) => Some(plan.len() as u32),
                Outcome::Unsolvable => None,
                Outcome::Limit(hit) => panic!("{hit}"),
            };
            assert_eq!(solved, answer, "{rule:?} {case:?}");
            if !packed.can_move(start) {
                assert_eq!(answer, None, "{rule:?} {case:?}");
                stuck += 1;
                return;
            }
            let dist = head_distances(packed, &Limits::none()).unwrap();
            let d = dist[body[0]];
            if d == FAR {
                return;
            }
            let limits = Limits::none();
            let plan = free_path(packed, body, &limits, &mut when, &mut came, &mut levels)
                .unwrap()
                .map(|p| p.len() as u32);
            if plan == Some(d) {
                assert_eq!(answer, Some(d), "{rule:?} {case:?}");
                return;
            }
            if let Some(answer) = answer {
                assert!(answer >= d + 2, "{answer} < {d} + 2: {rule:?} {case:?}");
            }
            if plan == Some(d + 2) {
                assert_eq!(answer, Some(d + 2), "{rule:?} {case:?}");
                two_more += 1;
            } else if plan.is_some() {
                longer += 1;
            }
        });
        assert!(
            stuck > 800 && two_more > 600 && longer > 250,
            "{stuck} stuck, {two_more} two more, {longer} longer"
        );
    }

    #[test]
    fn both_distance_passes_agree_with_a_queue() {
        // Sides 1–16: lairs whose rows fit in 128 bits take the bitset
        // pass, the others (from 11×11, or one wide row) the frontier pass.
        let mut rng = SplitMix64::new(0xd157);
        let (mut small, mut wide) = (0, 0);
        for _ in 0..3_000 {
            let (rows, cols) = (rng.range(1, 16) as u32, rng.range(1, 16) as u32);
            let exit = Pos::new(rng.below(rows as u64) as u32, rng.below(cols as u64) as u32);
            let mut lair = Lair::new(rows, cols, exit).unwrap();
            let density = rng.range(0, 50) as u32;
            for r in 0..rows {
                for c in 0..cols {
                    let p = Pos::new(r, c);
                    // Now and then a stone on the exit too.
                    if rng.chance(density) && (p != exit || rng.chance(20)) {
                        lair.set_stone(p, true);
                    }
                }
            }
            let head = Pos::new(rng.below(rows as u64) as u32, rng.below(cols as u64) as u32);
            let Ok(case) = Case::new(lair, vec![head]) else {
                continue;
            };
            let packed = Packed::new(&case, TailRule::Strict);
            let mut probe = Vec::new();
            if fill_small(&packed, &mut probe) {
                small += 1;
            } else {
                wide += 1;
            }
            let dist = head_distances(&packed, &Limits::none()).unwrap();
            assert_eq!(dist, queue_distances(&packed), "{rows}×{cols}");
            // And the pass that stops at the head, on the small ones.
            if let Some(free) = packed.small {
                let head = packed.start_head;
                let d = distance_small(&packed, free, head);
                assert_eq!(d, dist[head], "{rows}×{cols} {case:?}");
            }
        }
        assert!(small > 500 && wide > 500, "{small} small, {wide} wide");
    }

    #[test]
    fn the_cost_table_moves_to_a_dense_array_and_keeps_every_entry() {
        let mut costs = Costs::new(HashCosts::default(), Some((64 * 100, Limits::none())));
        for s in 0..100u64 {
            assert!(costs.improve(&(s * 7), (s % 13) as u32 + 5));
        }
        assert!(matches!(costs, Costs::Hash(..)));
        assert!(costs.improve(&700, 1));
        assert!(matches!(costs, Costs::Dense(..)));
        assert_eq!(costs.len(), 101);
        for s in 0..100u64 {
            assert_eq!(costs.get(&(s * 7)), Some((s % 13) as u32 + 5));
        }
        assert!(!costs.improve(&7, 6));
        assert!(costs.improve(&7, 2));
        assert_eq!(costs.get(&7), Some(2));
        assert_eq!(costs.get(&8), None);
        // Without a dense capacity it hashes for ever.
        let mut costs = Costs::new(HashCosts::default(), None);
        for s in 0..10_000u64 {
            costs.improve(&s, 1);
        }
        assert!(matches!(costs, Costs::Hash(..)));
    }
}
